import PDFDocument from 'pdfkit';
import { formatPence } from '../pricing/money';
import type { InvoiceIssuer } from '../config/env';
import type { InvoiceDetail, PostalAddress } from './invoice-queries';

const TITLE: Record<InvoiceDetail['type'], string> = { invoice: 'Invoice', creditNote: 'Credit note' };
const STATUS_TEXT = { overdue: 'Overdue', open: 'Open', paid: 'Paid', credit: 'Credit note' } as const;

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const LONDON_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const longDate = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));

const oneLine = (address: PostalAddress) => `${address.name}, ${address.addressLine1}, ${address.town} ${address.postcode}`;

/**
 * An invoice or credit note rendered from the data the ERP sent, for when it sent no PDF of its own: a plain
 * A4 page with the standard Helvetica (no font files) carrying what a UK VAT invoice needs: the supplier's
 * name, address and VAT number, the customer's and delivery addresses, the dates, lines with their VAT,
 * totals, and for an invoice the payment terms and how to pay (the bank account, the number as reference).
 */
export function renderInvoicePdf(invoice: InvoiceDetail, issuer: InvoiceIssuer, addresses: { customer: PostalAddress | null; delivery: PostalAddress[] }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${TITLE[invoice.type]} ${invoice.number}`, Author: 'Meadowvale Foods' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text(`${TITLE[invoice.type]} ${invoice.number}`);
    doc.font('Helvetica-Bold').fontSize(10).moveDown(0.3).text(issuer.name);
    doc.font('Helvetica');
    for (const line of issuer.addressLines) doc.text(line);
    doc.text(`VAT registration number: ${issuer.vatNumber}`);
    if (issuer.companyNumber) doc.text(`Registered in England and Wales, company number ${issuer.companyNumber}`);
    doc.moveDown();
    doc.text(`Customer: ${invoice.soldTo.name} (account ${invoice.soldTo.code})`);
    if (addresses.customer) doc.text(`Customer address: ${oneLine(addresses.customer)}`);
    for (const delivery of addresses.delivery) doc.text(`Delivered to: ${oneLine(delivery)}`);
    doc.text(`Issued (tax point): ${longDate(invoice.issueDate)}`);
    if (invoice.type === 'invoice') doc.text(`Due: ${longDate(invoice.dueDate)}`);
    doc.text(`Status: ${STATUS_TEXT[invoice.status]}`);
    if (invoice.orderCodes.length > 0) doc.text(`Orders: ${invoice.orderCodes.join(', ')}`);
    doc.moveDown();

    const columns = { description: 50, quantity: 320, net: 380, vat: 450 };
    const header = doc.y;
    doc.font('Helvetica-Bold');
    doc.text('Description', columns.description, header, { width: 260 });
    doc.text('Qty', columns.quantity, header, { width: 50, align: 'right' });
    doc.text('Net', columns.net, header, { width: 60, align: 'right' });
    doc.text('VAT', columns.vat, header, { width: 60, align: 'right' });
    doc.font('Helvetica');
    for (const line of invoice.lines) {
      if (doc.y > 760) doc.addPage();
      const y = doc.y + 4;
      doc.text(line.description, columns.description, y, { width: 260 });
      const after = doc.y;
      doc.text(String(line.quantity), columns.quantity, y, { width: 50, align: 'right' });
      doc.text(formatPence(line.netPence), columns.net, y, { width: 60, align: 'right' });
      doc.text(formatPence(line.vatPence), columns.vat, y, { width: 60, align: 'right' });
      doc.y = Math.max(after, doc.y);
    }
    doc.moveDown();
    doc.x = columns.description;
    const total = (label: string, pence: number) => doc.text(`${label}: ${formatPence(pence)}`, columns.description, doc.y, { width: 460, align: 'right' });
    total('Net', invoice.netPence);
    total('VAT', invoice.vatPence);
    doc.font('Helvetica-Bold');
    total(invoice.type === 'invoice' ? 'Total due' : 'Total credited', invoice.grossPence);
    doc.font('Helvetica');
    if (invoice.type === 'invoice') {
      doc.moveDown();
      doc.font('Helvetica-Bold').text('How to pay', columns.description, doc.y).font('Helvetica');
      doc.text(`Payment terms: ${issuer.paymentTerms}, due by ${longDate(invoice.dueDate)}.`);
      doc.text(`Bank transfer to ${issuer.bank.accountName}, sort code ${issuer.bank.sortCode}, account number ${issuer.bank.accountNumber}.`);
      doc.text(`Payment reference: ${invoice.number}`);
    }
    if (invoice.payments.length > 0) {
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Payments', columns.description, doc.y).font('Helvetica');
      for (const payment of invoice.payments) doc.text(`${LONDON_DATE.format(payment.paidAt)}  ${payment.reference}  ${formatPence(payment.amountPence)}`);
      doc.text(`Left to pay: ${formatPence(Math.max(invoice.grossPence - invoice.paidPence, 0))}`);
    }
    doc.end();
  });
}
