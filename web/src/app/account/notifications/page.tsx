import type { Metadata } from 'next';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { PreferencesForm } from '@/components/notifications/preferences-form';
import { getNotificationPreferences } from '@/lib/commerce/notifications';
import { offeredKinds } from '@/lib/commerce/notification-kinds';
import { requireUser } from '@/lib/session/session';
import { decidesApprovals } from '@/lib/session/session-data';
import pageStyles from '@/components/catalogue/page.module.css';

export const metadata: Metadata = { title: 'E-mail notifications' };

/** Which kinds of e-mail the signed-in user gets (docs/people.md#notifications). */
export default async function NotificationsPage() {
  const { user } = await requireUser();
  const result = await getNotificationPreferences();
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'My account', href: '/account/' }, { name: 'E-mail notifications' }]} />
      <h1 className={pageStyles.title}>E-mail notifications</h1>
      {result.ok ? <PreferencesForm preferences={result.data} offered={offeredKinds(decidesApprovals(user)).map((entry) => entry.kind)} /> : <LoadFailed error={result.error} />}
    </div>
  );
}
