import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { UserActions } from '@/components/company/user-actions';
import { UserForm } from '@/components/company/user-form';
import { listOrgUsers, type OrgUser, type OrgUsers } from '@/lib/commerce/company';
import { formatLondonInstant, formatShortDate } from '@/lib/commerce/dates';
import { requireShopSession } from '@/lib/session/session';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';
import companyStyles from '@/components/company/company.module.css';

export const metadata: Metadata = { title: 'Company users' };

interface Props {
  /** `changed`: the user just saved on their edit page; `removed`: a user just taken out of the admin's accounts. */
  searchParams: Promise<{ changed?: string | string[]; removed?: string | string[] }>;
}

const ROLE_LABELS: Record<string, string> = { buyer: 'Buyer', approver: 'Approver', admin: 'Admin' };

function rolesText(user: OrgUser, data: OrgUsers): string {
  const named = (soldTo: string) => data.soldTos.find((entry) => entry.code === soldTo)?.name ?? soldTo;
  if (user.roles.length === 0) return '–';
  return user.roles.map((entry) => `${entry.roles.map((role) => ROLE_LABELS[role] ?? role).join(', ')}${data.soldTos.length > 1 ? ` (${named(entry.soldTo)})` : ''}`).join('; ');
}

function statusText(user: OrgUser): string {
  if (user.status === 'disabled') return 'Disabled';
  if (user.invitation) return user.invitation.expired ? 'Invitation expired' : 'Invited';
  return 'Active';
}

/** The users of the sold-tos the signed-in admin runs: invite, edit, disable and enable, resend invitations. */
export default async function CompanyUsersPage({ searchParams }: Props) {
  const session = await requireShopSession();
  const [result, { changed, removed }] = await Promise.all([listOrgUsers(), searchParams]);
  const justChanged = result.ok ? result.data.users.find((user) => user.uid === changed) : undefined;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'User details', href: '/account/' }, { name: 'Company users' }]} />
      <h1 className={pageStyles.title}>Company users</h1>
      {justChanged ? (
        <p role="status" className={styles.done}>
          Changes to {justChanged.name} saved.
        </p>
      ) : null}
      {typeof removed === 'string' && result.ok && !result.data.users.some((user) => user.uid === removed) ? (
        <p role="status" className={styles.done}>
          {removed} no longer orders for your company. They also order for another company, so they can still sign in there.
        </p>
      ) : null}
      {!result.ok ? (
        result.error.status === 403 ? (
          <p className={styles.empty}>{result.error.description}. Ask an admin of your company to change your roles.</p>
        ) : (
          <LoadFailed error={result.error} />
        )
      ) : (
        <div className={companyStyles.layout}>
          <ul className={styles.cards} aria-label="Users">
            {result.data.users.map((user) => {
              const shipToNames = user.shipTos.map((code) => result.data.shipTos.find((shipTo) => shipTo.code === code)?.name ?? code);
              return (
                <li key={user.uid} className={styles.card}>
                  <h2 className={styles.cardTitle}>{user.name}</h2>
                  <dl className={styles.facts}>
                    <dt>E-mail</dt>
                    <dd>{user.email}</dd>
                    <dt>Status</dt>
                    <dd>
                      <span className={styles.status}>{statusText(user)}</span>
                    </dd>
                    <dt>Accounts</dt>
                    <dd>{shipToNames.join(', ') || '–'}</dd>
                    <dt>Roles</dt>
                    <dd>{rolesText(user, result.data)}</dd>
                    <dt>Order limit</dt>
                    <dd>{user.orderLimit === null ? 'None' : `£${(user.orderLimit / 100).toFixed(2)}`}</dd>
                    <dt>Last sign-in</dt>
                    <dd>{user.lastSignInAt ? formatLondonInstant(user.lastSignInAt) : 'Never'}</dd>
                    {user.invitation ? (
                      <>
                        <dt>Invitation</dt>
                        <dd className={user.invitation.expired ? companyStyles.pending : undefined}>
                          {user.invitation.expiresAt === null
                            ? 'No link sent'
                            : user.invitation.expired
                              ? 'The link has expired or was used up: resend it'
                              : `Sent, the link works until ${formatShortDate(user.invitation.expiresAt)}`}
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <p>
                    <Link href={`/account/company/users/edit/?user=${encodeURIComponent(user.uid)}`}>
                      Edit<span className="visually-hidden"> {user.name}</span>
                    </Link>
                  </p>
                  <UserActions uid={user.uid} name={user.name} active={user.status === 'active'} self={user.uid === session.user.username} invitationPending={user.invitation !== null} />
                </li>
              );
            })}
          </ul>
          <UserForm scope={result.data} purpose={{ kind: 'invite' }} />
        </div>
      )}
    </div>
  );
}
