import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { UserForm } from '@/components/company/user-form';
import { listOrgUsers } from '@/lib/commerce/company';
import pageStyles from '@/components/catalogue/page.module.css';
import { penceToPounds } from '@/lib/commerce/user-form-schema';

export const metadata: Metadata = { title: 'Edit user' };

interface Props {
  /** `user`: the uid (e-mail address) of the user to edit; a query parameter, as an address in a path reads as a file name. */
  searchParams: Promise<{ user?: string | string[] }>;
}

/** One user of the admin's company: their accounts, roles and order limit. */
export default async function EditCompanyUserPage({ searchParams }: Props) {
  const { user: asked } = await searchParams;
  const wanted = typeof asked === 'string' ? asked.toLowerCase() : undefined;
  if (!wanted) notFound();
  const result = await listOrgUsers();
  if (!result.ok) {
    return (
      <div className={pageStyles.page}>
        <h1 className={pageStyles.title}>Edit user</h1>
        <LoadFailed error={result.error} />
      </div>
    );
  }
  const user = result.data.users.find((candidate) => candidate.uid === wanted);
  if (!user) notFound();
  const initial = {
    email: user.email,
    name: user.name,
    shipTos: user.shipTos,
    roles: Object.fromEntries(user.roles.map((entry) => [entry.soldTo, entry.roles.filter((role) => role !== 'buyer')])),
    orderLimit: penceToPounds(user.orderLimit),
  };
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'User details', href: '/account/' }, { name: 'Company users', href: '/account/company/users/' }, { name: user.name }]} />
      <h1 className={pageStyles.title}>{user.name}</h1>
      <p>{user.email}</p>
      <UserForm scope={result.data} purpose={{ kind: 'edit', uid: user.uid, initial }} />
    </div>
  );
}
