import { pdfAnswer, plainTextAnswer } from '@/lib/commerce/pdf-answer';
import { downloadSpecificationSheet } from '@/lib/commerce/products';
import { decodedRouteParam } from '@/lib/commerce/route-param';
import { shopScope } from '@/lib/commerce/scope';
import { PRODUCT_CODE_PATTERN } from '@/lib/limits';

/**
 * A product's specification sheet, which the API renders from its food information, passed through with the
 * user's token and account as the product page is read (docs/food-information.md): the browser never holds a
 * token, and a product the account cannot see is "not found" here as on its page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const code = decodedRouteParam((await params).code);
  if (code === undefined || !PRODUCT_CODE_PATTERN.test(code)) return plainTextAnswer('Product not found.\n', 404);
  // Inline: a chef on a phone reads the sheet in the browser's viewer, and can still save it from there.
  return pdfAnswer(await downloadSpecificationSheet(await shopScope(), code), {
    notFound: `Product ${code} not found.\n`,
    disposition: `inline; filename="${code}-specification.pdf"`,
  });
}
