import { downloadSpecificationSheet } from '@/lib/commerce/products';
import { decodedRouteParam } from '@/lib/commerce/route-param';
import { shopScope } from '@/lib/commerce/scope';
import { PRODUCT_CODE_PATTERN } from '@/lib/limits';

const text = (body: string, status: number): Response =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...(status === 503 ? { 'retry-after': '5' } : {}) } });

/**
 * A product's specification sheet, which the API renders from its food information, passed through with the
 * user's token and account as the product page is read (docs/food-information.md): the browser never holds a
 * token, and a product the account cannot see is "not found" here as on its page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const code = decodedRouteParam((await params).code);
  if (code === undefined || !PRODUCT_CODE_PATTERN.test(code)) return text('Product not found.\n', 404);
  const download = await downloadSpecificationSheet(await shopScope(), code);
  if (!download.ok) {
    if (download.error.status === 404 || download.error.status === 400) return text(`Product ${code} not found.\n`, 404);
    return text(`${download.error.title}. ${download.error.description}\n`, 503);
  }
  return new Response(download.response.body, {
    headers: {
      'content-type': 'application/pdf',
      // Inline: a chef on a phone reads the sheet in the browser's viewer, and can still save it from there.
      'content-disposition': `inline; filename="${code}-specification.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
