import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, AdminPager, formatDateTime, pageParam, param } from '@/components/admin/admin-parts';
import { RegistrationDecision, type ShipToChoice } from '@/components/admin/registration-decision';
import { adminCall } from '@/lib/admin/admin-client';
import { customerListSchema } from '@/lib/admin/admin-schemas';
import { REGISTRATION_STATUSES, registrationListSchema, type Registration, type RegistrationStatus } from '@/lib/admin/registrations';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import styles from './registrations.module.css';

export const metadata: Metadata = { title: 'Registrations' };

type Params = Promise<Record<string, string | string[] | undefined>>;

const statusParam = (value: string | undefined): RegistrationStatus => REGISTRATION_STATUSES.find((entry) => entry.status === value)?.status ?? 'confirmed';

/**
 * The customer an operator looked for, for one request: a sold-to code (with or without its leading zeros), a
 * name or a ship-to's postcode, searched in the customers directory. One customer found: its ship-tos to choose
 * from; several: the list to pick one; none: what to do for a business with no account yet.
 */
type SoldToChoice =
  | { code: string; error: string }
  | { code: string; matches: { code: string; name: string; places: string }[] }
  | { code: string; soldTo: { code: string; name: string }; shipTos: ShipToChoice[] };

const withoutZeros = (code: string) => code.replace(/^0+(?=\d)/, '');

async function soldToChoice(typed: string | undefined): Promise<SoldToChoice | undefined> {
  if (!typed) return undefined;
  const found = await adminCall(customerListSchema, '/customers', { query: { q: typed, pageSize: 20 } });
  if (!found.ok) return { code: typed, error: found.error.description };
  const soldTos = found.data.soldTos;
  const soldTo = soldTos.find((entry) => withoutZeros(entry.code) === withoutZeros(typed)) ?? (soldTos.length === 1 ? soldTos[0] : undefined);
  if (soldTo) {
    return { code: typed, soldTo: { code: soldTo.code, name: soldTo.name }, shipTos: soldTo.shipTos.map(({ code: shipTo, name, address }): ShipToChoice => ({ code: shipTo, name, address })) };
  }
  if (soldTos.length === 0) return { code: typed, error: `No customer matches “${typed}”` };
  return { code: typed, matches: soldTos.map((entry) => ({ code: entry.code, name: entry.name, places: entry.shipTos.map((shipTo) => shipTo.address).join('; ') })) };
}

function Facts({ registration }: { registration: Registration }) {
  return (
    <dl className="admin-facts">
      <dt>E-mail</dt>
      <dd>{registration.email}</dd>
      <dt>Business</dt>
      <dd>{registration.companyName}</dd>
      <dt>Phone</dt>
      <dd>{registration.phone}</dd>
      <dt>Postcode</dt>
      <dd>{registration.postcode}</dd>
      {registration.message ? (
        <>
          <dt>Message</dt>
          <dd>{registration.message}</dd>
        </>
      ) : null}
      <dt>Asked</dt>
      <dd>{formatDateTime(registration.createdAt)}</dd>
      {registration.confirmedAt ? (
        <>
          <dt>Address confirmed</dt>
          <dd>{formatDateTime(registration.confirmedAt)}</dd>
        </>
      ) : null}
      {registration.decidedAt ? (
        <>
          <dt>Decided</dt>
          <dd>
            {formatDateTime(registration.decidedAt)} by {registration.decidedBy ?? 'an operator'}
          </dd>
        </>
      ) : null}
      {registration.username ? (
        <>
          <dt>User</dt>
          <dd>{registration.username}</dd>
        </>
      ) : null}
      {registration.declineReason ? (
        <>
          <dt>Reason</dt>
          <dd>{registration.declineReason}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Registration requests (docs/people.md "Registration requests"): those whose address is confirmed wait here
 * for customer service to link them to a sold-to and ship-tos (the user is created and invited) or decline them.
 */
export default async function AdminRegistrationsPage({ searchParams }: { searchParams: Params }) {
  await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const status = statusParam(param(params.status));
  const page = pageParam(params.page);
  const chosenFor = Number(param(params.request));
  const choice = status === 'confirmed' ? await soldToChoice(param(params.soldTo)?.trim()) : undefined;
  const result = await adminCall(registrationListSchema, '/registrations', { query: { status, page } });
  return (
    <div className="admin-page">
      <h1>Registrations</h1>
      <nav aria-label="Requests by state" className={`admin-filters ${styles.states}`}>
        {REGISTRATION_STATUSES.map((entry) => (
          <Link key={entry.status} href={`/admin/registrations/?status=${entry.status}`} aria-current={entry.status === status ? 'page' : undefined}>
            {entry.label}
          </Link>
        ))}
      </nav>
      {!result.ok ? <AdminLoadFailed error={result.error} /> : null}
      {result.ok && result.data.registrations.length === 0 ? <p>No requests here.</p> : null}
      {result.ok
        ? result.data.registrations.map((registration) => {
            const mine = choice && chosenFor === registration.id ? choice : undefined;
            return (
              <section key={registration.id} className="admin-section" aria-labelledby={`registration-${registration.id}`} data-testid={`registration-${registration.email}`}>
                <h2 id={`registration-${registration.id}`}>
                  {registration.name} <small>{registration.companyName}</small>
                </h2>
                <Facts registration={registration} />
                {registration.status === 'confirmed' ? (
                  <>
                    <h3>Decide</h3>
                    <RegistrationDecision
                      id={registration.id}
                      email={registration.email}
                      soldTo={mine && 'soldTo' in mine ? mine.soldTo : undefined}
                      shipTos={mine && 'shipTos' in mine ? mine.shipTos : []}
                      typedSoldTo={mine?.code}
                      soldToError={mine && 'error' in mine ? mine.error : undefined}
                      matches={mine && 'matches' in mine ? mine.matches : undefined}
                    />
                  </>
                ) : null}
              </section>
            );
          })
        : null}
      {result.ok ? (
        <AdminPager basePath="/admin/registrations/" params={{ status }} page={page} hasMore={(page + 1) * result.data.pageSize < result.data.totalResults} />
      ) : null}
    </div>
  );
}
