import { decodedRouteParam } from '@/lib/commerce/route-param';
import { downloadInvoicePdf, INVOICE_NUMBER } from '@/lib/commerce/invoices';
import { pdfAnswer, plainTextAnswer } from '@/lib/commerce/pdf-answer';

/**
 * An invoice's or credit note's PDF (the ERP's own, or one the API renders from the data), passed through with
 * the user's token (docs/after-delivery.md "Invoices in the shop"): the browser never holds a token, and
 * another company's invoice is "not found" as everywhere.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ number: string }> }): Promise<Response> {
  const number = decodedRouteParam((await params).number);
  if (number === undefined || !INVOICE_NUMBER.test(number)) return plainTextAnswer('Invoice not found.\n', 404);
  return pdfAnswer(await downloadInvoicePdf(number), { notFound: `Invoice ${number} not found.\n`, disposition: `attachment; filename="${number}.pdf"` });
}
