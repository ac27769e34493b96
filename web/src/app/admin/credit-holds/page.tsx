import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed } from '@/components/admin/admin-parts';
import { DecisionForm } from '@/components/approvals/decision-form';
import { CutoffCountdown } from '@/components/weekly/cutoff-countdown';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { creditDecidedText, creditHoldQueueSchema, type CreditHold } from '@/lib/admin/credit-hold-schemas';
import { formatCalendarDate } from '@/lib/commerce/dates';
import styles from '@/components/account/orders.module.css';
import { decideCreditHoldAction } from './actions';

export const metadata: Metadata = { title: 'Credit holds' };

type Params = Promise<Record<string, string | string[] | undefined>>;

const WHY: Record<CreditHold['hold']['kind'], string> = { onHold: 'Account on hold', overLimit: 'Over the credit limit' };

/** One order waiting for credit: who, what, why, the sold-to's credit now, and Release / Reject. */
function CreditHoldCard({ hold }: { hold: CreditHold }) {
  const headingId = `credit-hold-${hold.code}`;
  const credit = hold.creditNow;
  return (
    <article className={styles.order} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.orderTitle}>
        <Link href={`/admin/orders/${encodeURIComponent(hold.code)}/`} prefetch={false}>
          Order {hold.code}
        </Link>
      </h2>
      <CutoffCountdown dates={[{ date: hold.deliveryDate, cutoff: hold.cutoff }]} variant="cart" purpose="credit" />
      <dl className={styles.orderFacts}>
        <div>
          <dt>Customer</dt>
          <dd>
            {hold.soldTo.name} ({hold.soldTo.code})
          </dd>
        </div>
        <div>
          <dt>Ship-to</dt>
          <dd>{hold.shipTo.name}</dd>
        </div>
        <div>
          <dt>Buyer</dt>
          <dd>{hold.buyer.name}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{formatCalendarDate(hold.deliveryDate)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{hold.totalPriceWithTax.formattedValue}</dd>
        </div>
        <div>
          <dt>Why</dt>
          <dd>{WHY[hold.hold.kind]}</dd>
        </div>
        {credit ? (
          <>
            <div>
              <dt>Credit limit</dt>
              <dd>{credit.limit.formattedValue}</dd>
            </div>
            <div>
              <dt>Owed and on order</dt>
              <dd>{credit.exposure.formattedValue}</dd>
            </div>
            <div>
              <dt>Available credit</dt>
              <dd>{credit.available.formattedValue}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <p>The buyer was told: {hold.hold.message}</p>
      {credit?.onHold ? <p>The account is on hold{credit.reason ? `: ${credit.reason}` : ''}.</p> : null}
      <DecisionForm orderCode={hold.code} decide={decideCreditHoldAction} approveWords={{ label: 'Release', pending: 'Releasing…' }} />
    </article>
  );
}

/**
 * The credit team's queue (docs/credit-control.md): orders waiting for credit, the nearest cut-off first, each
 * released (placed, the ERP hears of it now) or rejected with a comment the buyer is sent.
 */
export default async function AdminCreditHoldsPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(SERVICE_ROLES);
  const [result, params] = await Promise.all([adminCall(creditHoldQueueSchema, '/credit-holds'), searchParams]);
  const done = creditDecidedText(params);
  return (
    <div className="admin-page">
      <h1>Credit holds</h1>
      {done ? (
        <p role="status" className="admin-notice">
          {done}
        </p>
      ) : null}
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.creditHolds.length === 0 ? (
        <p>No orders are waiting for credit.</p>
      ) : (
        <ul className={styles.orders} aria-label="Orders waiting for credit">
          {result.data.creditHolds.map((hold) => (
            <li key={hold.code}>
              <CreditHoldCard hold={hold} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
