import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { OrderLinks } from '@/components/invoices/invoice-parts';
import { InvoiceStatusBadge } from '@/components/invoices/invoice-status-badge';
import { documentName, invoicePdfHref } from '@/components/invoices/invoice-text';
import { formatCalendarDate, formatShortDate } from '@/lib/commerce/dates';
import { getInvoice, INVOICE_NUMBER } from '@/lib/commerce/invoices';
import { decodedRouteParam } from '@/lib/commerce/route-param';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/invoices/invoices.module.css';

interface Props {
  params: Promise<{ number: string }>;
}

/** The invoice once per request; `undefined` when the address names none (malformed, another company's, unknown). */
const findInvoice = cache(async (raw: string) => {
  const number = decodedRouteParam(raw);
  if (number === undefined || !INVOICE_NUMBER.test(number)) return undefined;
  const result = await getInvoice(number);
  return !result.ok && (result.error.status === 404 || result.error.status === 400) ? undefined : result;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findInvoice((await params).number);
  return { title: result?.ok ? documentName(result.data) : result ? 'Invoice' : 'Page not found' };
}

/** One invoice or credit note: its status and amounts, the orders it bills, its lines and payments, its PDF. */
export default async function InvoicePage({ params }: Props) {
  const result = await findInvoice((await params).number);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const invoice = result.data;
  const credit = invoice.type === 'creditNote';
  const name = documentName(invoice);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Invoices', href: '/account/invoices/' }, { name }]} />
      <h1 className={pageStyles.title}>{name}</h1>
      <dl className={accountStyles.facts}>
        <dt>Status</dt>
        <dd>
          <InvoiceStatusBadge status={invoice.status} />
        </dd>
        <dt>Company</dt>
        <dd>
          {invoice.soldTo.name} ({invoice.soldTo.code})
        </dd>
        <dt>Issued</dt>
        <dd>{formatCalendarDate(invoice.issueDate)}</dd>
        {credit ? null : (
          <>
            <dt>Due</dt>
            <dd>{formatCalendarDate(invoice.dueDate)}</dd>
          </>
        )}
        <dt>Net</dt>
        <dd>{invoice.net.formattedValue}</dd>
        <dt>VAT</dt>
        <dd>{invoice.vat.formattedValue}</dd>
        <dt>{credit ? 'Credit' : 'Total'}</dt>
        <dd className={styles.strong}>{invoice.gross.formattedValue}</dd>
        {credit ? null : (
          <>
            <dt>Paid</dt>
            <dd>{invoice.paid.formattedValue}</dd>
            <dt>Left to pay</dt>
            <dd className={styles.strong}>{invoice.outstanding.formattedValue}</dd>
          </>
        )}
        <dt>{invoice.orderCodes.length === 1 ? 'Order' : 'Orders'}</dt>
        <dd>{invoice.orderCodes.length > 0 ? <OrderLinks codes={invoice.orderCodes} /> : 'None named'}</dd>
      </dl>
      <p className={styles.actions}>
        <a className="button button-primary" href={invoicePdfHref(invoice.number)} download>
          Download PDF
        </a>
      </p>
      <section className={styles.section} aria-labelledby="lines-title">
        <h2 id="lines-title" className={pageStyles.sectionTitle}>
          Lines
        </h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col" className={styles.num}>
                Quantity
              </th>
              <th scope="col" className={styles.num}>
                Net
              </th>
              <th scope="col" className={styles.num}>
                VAT
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td data-label="Quantity" className={styles.num}>
                  {line.quantity}
                </td>
                <td data-label="Net" className={styles.num}>
                  {line.net.formattedValue}
                </td>
                <td data-label="VAT" className={styles.num}>
                  {line.vat.formattedValue}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {credit ? null : (
        <section className={styles.section} aria-labelledby="payments-title">
          <h2 id="payments-title" className={pageStyles.sectionTitle}>
            Payments
          </h2>
          {invoice.payments.length === 0 ? (
            <p className={accountStyles.empty}>No payments received yet.</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Received</th>
                  <th scope="col" className={styles.num}>
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.payments.map((payment) => (
                  <tr key={payment.reference}>
                    <td>{payment.reference}</td>
                    <td data-label="Received">{formatShortDate(payment.paidAt)}</td>
                    <td data-label="Amount" className={styles.num}>
                      {payment.amount.formattedValue}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
