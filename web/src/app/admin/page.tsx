import { redirect } from 'next/navigation';
import { requireOperator } from '@/lib/admin/admin-session';

/**
 * The back office opens on its busiest page (a rep's: their customers, the only ones they serve); a
 * role-refused page comes back here with a message.
 */
export default async function AdminHome({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const operator = await requireOperator();
  const params = await searchParams;
  if (params.forbidden === '1') {
    return (
      <div className="admin-page">
        <h1>Not allowed</h1>
        <p role="alert">Your role may not open that page. Ask an administrator if you need it.</p>
      </div>
    );
  }
  redirect(operator.role === 'sales' ? '/admin/customers/' : '/admin/orders/');
}
