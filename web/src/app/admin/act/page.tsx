import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, param } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { NO_SUCH_CUSTOMER, shipToUsersSchema } from '@/lib/admin/assisted-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { CUSTOMER_ROLES } from '@/lib/admin/admin-session-data';
import { ActForm } from './act-form';

export const metadata: Metadata = { title: 'Act for a customer' };

type Params = Promise<Record<string, string | string[] | undefined>>;

/**
 * Start acting for a customer (docs/assisted-service.md): the ship-to and its sold-to, a choice of its users and a
 * reason. Reached from the customers page's "Act for…" links and from the call list (`from=calls`, where End
 * returns to).
 */
export default async function ActForCustomerPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(CUSTOMER_ROLES);
  const params = await searchParams;
  const code = param(params.shipTo);
  const from = param(params.from) === 'calls' ? 'calls' : 'customers';
  const back = from === 'calls' ? { href: '/admin/calls/', label: 'Back to the call list' } : { href: '/admin/customers/', label: 'Back to customers' };
  const result = code && code.length <= 20 ? await adminCall(shipToUsersSchema, `/shiptos/${encodeURIComponent(code)}/users`) : undefined;
  const notFound = !result || (!result.ok && result.error.status === 404);
  return (
    <div className="admin-page">
      <h1>Act for a customer</h1>
      <p>
        <Link href={back.href}>{back.label}</Link>
      </p>
      {notFound ? (
        <p role="alert" className="admin-status-bad">
          {NO_SUCH_CUSTOMER}
        </p>
      ) : !result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <dl className="admin-facts">
            <dt>Ship-to</dt>
            <dd>
              {result.data.shipTo.name} ({result.data.shipTo.code})
            </dd>
            <dt>Sold-to</dt>
            <dd>
              {result.data.shipTo.soldToName} ({result.data.shipTo.soldTo})
            </dd>
          </dl>
          <p className="admin-muted">
            You use the shop as the user you choose, for this ship-to only, with their prices and limits; what you do is recorded under your name. It ends
            with End on the shop&apos;s band, or after 30 minutes without use.
          </p>
          {result.data.users.length === 0 ? (
            <p>This ship-to has no users to act for.</p>
          ) : (
            <ActForm shipTo={result.data.shipTo.code} users={result.data.users} from={from} />
          )}
        </>
      )}
    </div>
  );
}
