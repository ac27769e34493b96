import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { QueuedOrderCard } from '@/components/approvals/queued-order';
import { listApprovals } from '@/lib/commerce/approval-calls';
import { decodedRouteParam } from '@/lib/commerce/route-param';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Approve order ${decodedRouteParam((await params).code) ?? ''}`.trim() };
}

/**
 * One held order, the approval e-mail's link: its lines in full and Approve / Reject. An order no longer waiting
 * for this user (decided, expired, or never theirs) says so and leads to the queue.
 */
export default async function ApprovalPage({ params }: Props) {
  const code = decodedRouteParam((await params).code);
  const result = await listApprovals();
  const order = result.ok ? result.data.orders.find((candidate) => candidate.code === code) : undefined;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Approvals', href: '/account/approvals/' }, { name: `Order ${code ?? ''}` }]} />
      <h1 className={pageStyles.title}>Approve order {code}</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : order ? (
        <QueuedOrderCard order={order} full />
      ) : (
        <p className={accountStyles.empty}>
          Order {code} is not waiting for your approval: it was decided, it expired at its cut-off, or it is not yours to decide.{' '}
          <Link href="/account/approvals/">See the orders waiting for approval</Link>
        </p>
      )}
    </div>
  );
}
