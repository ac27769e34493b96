import { decodedRouteParam } from '@/lib/commerce/route-param';
import { downloadInvoicePdf, INVOICE_NUMBER } from '@/lib/commerce/invoices';

const text = (body: string, status: number): Response =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...(status === 503 ? { 'retry-after': '5' } : {}) } });

/**
 * An invoice's or credit note's PDF (the ERP's own, or one the API renders from the data), passed through with
 * the user's token (docs/after-delivery.md "Invoices in the shop"): the browser never holds a token, and
 * another company's invoice is "not found" as everywhere.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ number: string }> }): Promise<Response> {
  const number = decodedRouteParam((await params).number);
  if (number === undefined || !INVOICE_NUMBER.test(number)) return text('Invoice not found.\n', 404);
  const download = await downloadInvoicePdf(number);
  if (!download.ok) {
    if (download.error.status === 404 || download.error.status === 400) return text(`Invoice ${number} not found.\n`, 404);
    return text(`${download.error.title}. ${download.error.description}\n`, 503);
  }
  return new Response(download.response.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${number}.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
