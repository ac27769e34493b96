import Link from 'next/link';
import { getOrderInvoices } from '@/lib/commerce/invoices';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { documentName, invoiceHref } from './invoice-text';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from './invoices.module.css';

/**
 * On the order page: the invoices and credit notes that bill this order, each linked to its page. Nothing shows
 * until the ERP has sent one; a failed look-up says nothing either, as the order itself is what the page is for.
 */
export async function OrderInvoices({ orderCode }: { orderCode: string }) {
  const result = await getOrderInvoices(orderCode);
  if (!result.ok || result.data.length === 0) return null;
  return (
    <section className={styles.orderInvoices} aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title" className={pageStyles.sectionTitle}>
        {result.data.length === 1 ? 'Invoice' : 'Invoices'}
      </h2>
      <ul className={styles.links}>
        {result.data.map((invoice) => (
          <li key={invoice.number}>
            <Link href={invoiceHref(invoice.number)} prefetch={false}>
              {documentName(invoice)}
            </Link>{' '}
            <InvoiceStatusBadge status={invoice.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
