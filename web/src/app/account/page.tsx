import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { requireUser } from '@/lib/session/session';
import { companyMenuLinks } from '@/lib/session/session-data';
import { rangeName } from '@/lib/site-config';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';

export const metadata: Metadata = { title: 'User details' };

export default async function UserDetailsPage() {
  const session = await requireUser();
  const { user } = session;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'User details' }]} />
      <h1 className={pageStyles.title}>User details</h1>
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Customer id</dt>
        <dd>{user.customerId}</dd>
      </dl>
      {/* An operator acting for the customer reaches neither the password nor the notification settings. */}
      {session.assisted ? null : (
        <p>
          <Link href="/account/password/">Change your password</Link>
        </p>
      )}
      <h2 className={pageStyles.sectionTitle}>Your accounts</h2>
      {user.shipTos.length === 0 ? (
        <p className={styles.empty}>Your user has no accounts to order for yet. Please contact customer service.</p>
      ) : (
        <ul className={styles.cards} aria-label="Accounts">
          {user.shipTos.map((shipTo) => (
            <li key={shipTo.code} className={styles.card}>
              <h3 className={styles.cardTitle}>{shipTo.name}</h3>
              <dl className={styles.facts}>
                <dt>Account number</dt>
                <dd>{shipTo.code}</dd>
                <dt>Sold-to</dt>
                <dd>{shipTo.soldTo}</dd>
                <dt>Ranges</dt>
                <dd>{shipTo.salesOrgs.map((org) => rangeName(org.code)).join(', ')}</dd>
              </dl>
              {shipTo.code === session.activeShipTo && session.activeSalesOrg ? (
                <p className={styles.current}>Ordering now: {rangeName(session.activeSalesOrg)}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/account/carts/">Saved carts</Link> · <Link href="/account/standing-orders/">Standing orders</Link> ·{' '}
        <Link href="/account/orders/">Order history</Link>
        {session.assisted ? null : (
          <>
            {' '}
            · <Link href="/account/notifications/">E-mail notifications</Link>
          </>
        )}
      </p>
      <h2 className={pageStyles.sectionTitle}>Your company</h2>
      <ul className={styles.links} aria-label="Your company">
        {companyMenuLinks(user, 0, Boolean(session.assisted)).map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
