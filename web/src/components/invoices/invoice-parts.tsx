import Link from 'next/link';
import { formatCalendarDate } from '@/lib/commerce/dates';
import type { InvoiceSummary, SoldToBalance } from '@/lib/commerce/invoices';
import type { SoldToCredit } from '@/lib/commerce/credit';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { documentName, invoiceHref, invoicePdfHref, orderHref } from './invoice-text';
import styles from './invoices.module.css';

/** Each sold-to's balance: what is left to pay on its invoices less its credit notes, and how much of it is overdue. */
export function Balances({ soldTos, credits = [] }: { soldTos: SoldToBalance[]; credits?: SoldToCredit[] }) {
  return (
    <ul className={styles.balances} aria-label="Balance per company">
      {soldTos.map((soldTo) => (
        <li key={soldTo.code} className={styles.balance}>
          <h2 className={styles.balanceName}>{soldTo.name}</h2>
          <p className={styles.muted}>Account {soldTo.code}</p>
          <p className={styles.balanceAmount}>
            <span className="visually-hidden">Balance </span>
            {soldTo.balance.formattedValue}
          </p>
          {soldTo.overdue && soldTo.overdue.valuePence > 0 ? <p className={styles.overdueAmount}>{soldTo.overdue.formattedValue} overdue</p> : <p className={styles.muted}>Nothing overdue</p>}
          <CreditFacts credit={credits.find((credit) => credit.code === soldTo.code)} />
        </li>
      ))}
    </ul>
  );
}

/** A sold-to's credit (docs/credit-control.md), for one with a limit: what is still available, and its hold. */
function CreditFacts({ credit }: { credit: SoldToCredit | undefined }) {
  if (!credit) return null;
  return (
    <>
      <dl className={styles.creditFacts}>
        <dt>Credit limit</dt>
        <dd>{credit.limit.formattedValue}</dd>
        <dt>Owed and on order</dt>
        <dd>{credit.exposure.formattedValue}</dd>
        <dt>Available credit</dt>
        <dd>{credit.available.formattedValue}</dd>
      </dl>
      {credit.onHold ? <p className={styles.overdueAmount}>On hold{credit.reason ? `: ${credit.reason}` : ''}</p> : null}
    </>
  );
}

/** One invoice or credit note of the list: its status first, its dates and amounts as labelled facts, its PDF. */
export function InvoiceEntry({ invoice, showSoldTo }: { invoice: InvoiceSummary; showSoldTo: boolean }) {
  const headingId = `invoice-${invoice.number}`;
  const credit = invoice.type === 'creditNote';
  return (
    <article className={styles.invoice} aria-labelledby={headingId} data-status={invoice.status}>
      <div className={styles.invoiceHead}>
        <h2 id={headingId} className={styles.invoiceTitle}>
          <Link href={invoiceHref(invoice.number)} prefetch={false}>
            {documentName(invoice)}
          </Link>
        </h2>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <dl className={styles.facts}>
        {showSoldTo ? (
          <div>
            <dt>Company</dt>
            <dd>{invoice.soldTo.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>Issued</dt>
          <dd>{formatCalendarDate(invoice.issueDate)}</dd>
        </div>
        {credit ? null : (
          <div>
            <dt>Due</dt>
            <dd>{formatCalendarDate(invoice.dueDate)}</dd>
          </div>
        )}
        <div>
          <dt>{credit ? 'Credit' : 'Total'}</dt>
          <dd className={styles.strong}>{invoice.gross.formattedValue}</dd>
        </div>
        {credit ? null : (
          <div>
            <dt>Left to pay</dt>
            <dd>{invoice.outstanding.formattedValue}</dd>
          </div>
        )}
        {invoice.orderCodes.length > 0 ? (
          <div>
            <dt>{invoice.orderCodes.length === 1 ? 'Order' : 'Orders'}</dt>
            <dd>
              <OrderLinks codes={invoice.orderCodes} />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.actions}>
        <a href={invoicePdfHref(invoice.number)} download>
          Download PDF<span className="visually-hidden"> of {documentName(invoice)}</span>
        </a>
      </div>
    </article>
  );
}

export function OrderLinks({ codes }: { codes: string[] }) {
  return (
    <ul className={styles.links}>
      {codes.map((code) => (
        <li key={code}>
          <Link href={orderHref(code)} prefetch={false}>
            <span className="visually-hidden">Order </span>
            {code}
          </Link>
        </li>
      ))}
    </ul>
  );
}
