import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, AdminPager, pageParam, param, weekdayNames } from '@/components/admin/admin-parts';
import { UserStatusActions } from '@/components/admin/user-status-actions';
import { adminCall } from '@/lib/admin/admin-client';
import { customerListSchema, type CustomerUser, type MinimumOrderTerms } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { CUSTOMER_ROLES, SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { MinimumOrderForm } from './minimum-order-form';
import { ReminderHoursForm } from './reminder-hours-form';

export const metadata: Metadata = { title: 'Customers' };

type Params = Promise<Record<string, string | string[] | undefined>>;

function UserState({ user }: { user: CustomerUser }) {
  if (user.status === 'disabled') return <span className="admin-status-bad">Disabled</span>;
  if (user.locked) return <span className="admin-status-bad">Locked</span>;
  return <span className="admin-status-ok">Active</span>;
}

/** A minimum order in words, for a rep, who may read it but not change it. */
function minimumInWords(range: { code: string; minimumOrder?: MinimumOrderTerms | null }): string {
  const terms = range.minimumOrder;
  if (!terms) return `${range.code}: none`;
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const below = terms.belowMinimum === 'charge' && terms.deliveryChargePence !== null ? `${pounds(terms.deliveryChargePence)} delivery charge below it` : 'refused below it';
  return `${range.code}: ${pounds(terms.minimumOrderPence)}, ${below}`;
}

/**
 * Sold-tos with their ship-tos (ranges, delivery days, cut-off, cut-off reminder hours, minimum orders) and users,
 * who can be disabled, enabled and unlocked. A rep sees only their own customers (the API narrows the list) and
 * none of the changes, which stay with customer service.
 */
export default async function AdminCustomersPage({ searchParams }: { searchParams: Params }) {
  const operator = await requireOperator(CUSTOMER_ROLES);
  const serves = SERVICE_ROLES.includes(operator.role);
  const params = await searchParams;
  const q = param(params.q);
  const page = pageParam(params.page);
  const result = await adminCall(customerListSchema, '/customers', { query: { q, page } });
  return (
    <div className="admin-page">
      <h1>{serves ? 'Customers' : 'Your customers'}</h1>
      <form className="admin-filters" method="get" role="search" aria-label="Find customers">
        <label>
          Code, name or e-mail
          <input name="q" defaultValue={q} maxLength={100} />
        </label>
        <button type="submit" className="button button-primary">
          Find
        </button>
        <Link href="/admin/customers/">Clear</Link>
      </form>
      {!result.ok ? <AdminLoadFailed error={result.error} /> : null}
      {result.ok && result.data.soldTos.length === 0 ? <p>{serves || q ? 'No customers match.' : 'No customers are assigned to you yet: an administrator assigns them on the Operators page.'}</p> : null}
      {result.ok
        ? result.data.soldTos.map((soldTo) => (
            <section key={soldTo.code} className="admin-section" aria-labelledby={`soldto-${soldTo.code}`}>
              <h2 id={`soldto-${soldTo.code}`}>
                {soldTo.name} <small>sold-to {soldTo.code}</small>
              </h2>
              <h3>Ship-tos</h3>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Ship-to</th>
                      <th scope="col">Address</th>
                      <th scope="col">Ranges and delivery days</th>
                      <th scope="col">Cut-off</th>
                      <th scope="col">PO required</th>
                      <th scope="col">Cut-off reminder</th>
                      <th scope="col">Minimum order</th>
                    </tr>
                  </thead>
                  <tbody>
                    {soldTo.shipTos.map((shipTo) => (
                      <tr key={shipTo.code}>
                        <td data-label="Ship-to">
                          {shipTo.name} ({shipTo.code})
                          <br />
                          <Link href={`/admin/act/?shipTo=${encodeURIComponent(shipTo.code)}`} aria-label={`Act for ${shipTo.name}`}>
                            Act for…
                          </Link>
                        </td>
                        <td data-label="Address">{shipTo.address}</td>
                        <td data-label="Ranges">{shipTo.ranges.map((range) => `${range.code}: ${weekdayNames(range.deliveryWeekdays)}`).join('; ')}</td>
                        <td data-label="Cut-off">{shipTo.cutoffTime}</td>
                        <td data-label="PO required">{shipTo.purchaseOrderRequired ? 'Yes' : 'No'}</td>
                        <td data-label="Cut-off reminder">
                          {serves ? (
                            <ReminderHoursForm shipTo={shipTo.code} shipToName={shipTo.name} hours={shipTo.cutoffReminder.hours} own={shipTo.cutoffReminder.own} />
                          ) : shipTo.cutoffReminder.hours === 0 ? (
                            'None'
                          ) : (
                            `${shipTo.cutoffReminder.hours} h before`
                          )}
                        </td>
                        <td data-label="Minimum order">
                          {serves
                            ? shipTo.ranges.map((range) => (
                                <MinimumOrderForm key={range.code} shipTo={shipTo.code} shipToName={shipTo.name} range={range.code} minimumOrder={range.minimumOrder} />
                              ))
                            : shipTo.ranges.map(minimumInWords).join('; ')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <h3>Users</h3>
              {soldTo.users.length === 0 ? (
                <p>No users.</p>
              ) : (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">User</th>
                        <th scope="col">Ship-tos</th>
                        <th scope="col">State</th>
                        {serves ? <th scope="col">Actions</th> : null}
                      </tr>
                    </thead>
                    <tbody>
                      {soldTo.users.map((user) => (
                        <tr key={user.username} data-testid={`user-${user.username}`}>
                          <td data-label="User">
                            {user.name} &lt;{user.username}&gt; {user.customerId}
                          </td>
                          <td data-label="Ship-tos">{user.shipTos.join(' ')}</td>
                          <td data-label="State">
                            <UserState user={user} />
                          </td>
                          {serves ? (
                            <td data-label="Actions">
                              <UserStatusActions username={user.username} status={user.status} locked={user.locked} />
                            </td>
                          ) : null}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          ))
        : null}
      {result.ok && result.data.unconfiguredUsers.length > 0 ? (
        <section className="admin-section" aria-labelledby="unconfigured">
          <h2 id="unconfigured">Users without a ship-to</h2>
          <p>They cannot order until an import gives them a ship-to (&quot;Account not configured&quot;).</p>
          <ul>
            {result.data.unconfiguredUsers.map((user) => (
              <li key={user.username} data-testid={`user-${user.username}`}>
                {user.name} &lt;{user.username}&gt; <UserState user={user} /> <UserStatusActions username={user.username} status={user.status} locked={user.locked} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.ok ? <AdminPager basePath="/admin/customers/" params={{ q }} page={page} hasMore={result.data.hasMore} /> : null}
    </div>
  );
}
