import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { PeriodSpend } from '@/components/approvals/period-spend';
import { DeleteLimit, LimitChangeForm, LimitForm, type SubjectChoice } from '@/components/approvals/limit-form';
import { listCompanyUsers, listLimits } from '@/lib/commerce/approval-calls';
import { kindOf, LIMIT_KINDS, limitSubjectText, limitText, penceToPounds } from '@/lib/commerce/approvals';
import { requireShopSession } from '@/lib/session/session';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';

export const metadata: Metadata = { title: 'Spending limits' };

/**
 * A company admin's spending limits (docs/approvals.md "Limits"): per order for a ship-to or a user, per London
 * week or month for a ship-to. Orders over one are held for approval, never refused.
 */
export default async function LimitsPage() {
  const session = await requireShopSession();
  const [limits, users] = await Promise.all([listLimits(), listCompanyUsers()]);
  const subjects: SubjectChoice[] = [
    ...session.user.shipTos.map((shipTo) => ({ value: `shipTo:${shipTo.code}`, label: `${shipTo.name} (${shipTo.code})` })),
    ...(users.ok ? users.data.users.map((user) => ({ value: `user:${user.uid}`, label: `${user.name} (${user.uid})` })) : []),
  ];
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'User details', href: '/account/' }, { name: 'Spending limits' }]} />
      <h1 className={pageStyles.title}>Spending limits</h1>
      <p>An order over a limit is not refused: it waits for approval by your approvers before it goes to the warehouse.</p>
      {!limits.ok ? (
        <LoadFailed error={limits.error} />
      ) : limits.data.orderApprovalPermissions.length === 0 ? (
        <p className={accountStyles.empty}>No limits yet: every order is placed as it is.</p>
      ) : (
        <ul className={styles.orders} aria-label="Limits">
          {limits.data.orderApprovalPermissions.map((limit) => {
            const who = limitSubjectText(limit);
            return (
              <li key={limit.code}>
                <article className={styles.order} aria-labelledby={`limit-${limit.code}`}>
                  <h2 id={`limit-${limit.code}`} className={styles.orderTitle}>
                    {limitText(limit)}
                  </h2>
                  <dl className={styles.orderFacts}>
                    <div>
                      <dt>For</dt>
                      <dd>{who}</dd>
                    </div>
                    <div>
                      <dt>Kind</dt>
                      <dd>{LIMIT_KINDS[kindOf(limit)]}</dd>
                    </div>
                    <div>
                      <dt>Code</dt>
                      <dd>{limit.code}</dd>
                    </div>
                    <div>
                      <dt>Orders it holds</dt>
                      <dd>{heldText(limit.heldOrders)}</dd>
                    </div>
                  </dl>
                  {limit.type === 'periodThreshold' && limit.shipTo ? <PeriodSpend of={{ period: limit.periodRange ?? 'WEEK', site: limit.shipTo.code }} /> : null}
                  <details>
                    <summary>
                      Change<span className="visually-hidden"> limit {limit.code}</span>
                    </summary>
                    {limit.heldOrders > 0 ? <p>{recheckText(limit.heldOrders)}</p> : null}
                    <LimitChangeForm code={limit.code} kind={kindOf(limit)} threshold={penceToPounds(limit.threshold)} />
                  </details>
                  <DeleteLimit code={limit.code} what={`${limitText(limit)} for ${who}`} heldOrders={limit.heldOrders} />
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <h2 className={pageStyles.sectionTitle}>Add a limit</h2>
      <LimitForm subjects={subjects} />
    </div>
  );
}

const heldText = (count: number): string => (count === 0 ? 'None waiting for approval' : `${count} waiting for approval`);

/** What a change does to the orders the limit holds (docs/approvals.md "Limits"). */
const recheckText = (count: number): string =>
  `Saving checks the ${count === 1 ? 'order' : `${count} orders`} it holds again: ${count === 1 ? 'it is' : 'each is'} placed if within every limit.`;
