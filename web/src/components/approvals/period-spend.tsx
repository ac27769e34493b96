import Link from 'next/link';
import { companyOrdersHref, countedOrdersWords, londonToday, periodWords, type CompanyOrderQuery } from '@/lib/commerce/company-orders';
import { listCompanyOrders } from '@/lib/commerce/orders';

type SpendOf = { period: 'WEEK' | 'MONTH' } & ({ site: string; heldOrder?: undefined } | { heldOrder: string; site?: undefined });

/**
 * The spend behind a period limit, "£1,293.30 this week: these 4 orders", linking to exactly those orders: the
 * orders the API's limit check counts, for the site's current week or month, or for a held order's (as its
 * buyer's order sees the budget). Says nothing when it cannot be read: the limit itself is shown either way.
 */
export async function PeriodSpend({ of }: { of: SpendOf }) {
  const query: CompanyOrderQuery = { period: of.period, ...(of.heldOrder ? { heldOrder: of.heldOrder } : { site: of.site }) };
  const result = await listCompanyOrders(query, 0, 1);
  if (!result.ok || !result.data.period) return null;
  const { period, totalNet, pagination } = result.data;
  const count = pagination.totalResults;
  return (
    <p data-spend={of.period}>
      {totalNet.formattedValue} {periodWords(period, of.heldOrder ? londonToday() : true)}
      {count === 0 ? (
        ': no orders yet'
      ) : (
        <>
          :{' '}
          <Link href={companyOrdersHref(query)} prefetch={false}>
            {countedOrdersWords(count)}
          </Link>
        </>
      )}
    </p>
  );
}
