import type { Metadata } from 'next';
import Link from 'next/link';
import { OrderCard, OrderFact } from '@/components/account/order-card';
import { OrderFilters } from '@/components/account/order-filters';
import { CheckinDueMark, dueDeadlines } from '@/components/checkin/checkins-due';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { Pagination } from '@/components/catalogue/pagination';
import { companyOrdersHref, countedOrdersWords, dateRangeProblem, londonToday, periodWords, readCompanyOrderQuery, seesCompanyOrders, type CompanyOrderQuery } from '@/lib/commerce/company-orders';
import { listCompanyOrders, listOrders } from '@/lib/commerce/orders';
import { shopScope } from '@/lib/commerce/scope';
import type { CompanyOrderHistory } from '@/lib/commerce/types';
import { requireShopSession } from '@/lib/session/session';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import styles from '@/components/account/orders.module.css';

export const metadata: Metadata = { title: 'Order history' };

type SearchParams = Record<string, string | string[] | undefined>;

/** A delivery still to be checked in says so on its card, with the deadline (docs/after-delivery.md). */
function deadlineMark(code: string, deadlines: Map<string, string>) {
  const deadline = deadlines.get(code);
  return deadline ? <CheckinDueMark code={code} deadline={deadline} /> : undefined;
}

const pageHref = (page: number) => (page === 0 ? '/account/orders/' : `/account/orders/?page=${page + 1}`);

function pageOf(params: SearchParams): number {
  const raw = Number(params.page ?? '1');
  return Number.isSafeInteger(raw) && raw >= 1 ? raw - 1 : 0;
}

export default async function OrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const page = pageOf(params);
  const session = await requireShopSession();
  if (seesCompanyOrders(session.user)) {
    const query = readCompanyOrderQuery(params);
    const problem = dateRangeProblem(query);
    // A date range that can match nothing is said at once; the form still needs the sites and buyers.
    const result = await listCompanyOrders(problem ? { ...query, from: undefined, to: undefined } : query, page, problem ? 1 : undefined);
    // Roles are as of sign-in: one taken away since is the API's 403, and the page is the user's own history.
    if (result.ok || result.error.status !== 403) {
      return (
        <div className={pageStyles.page}>
          <Breadcrumbs trail={[{ name: 'Order history' }]} />
          <h1 className={pageStyles.title}>Order history</h1>
          {!result.ok ? (
            <LoadFailed error={result.error} />
          ) : (
            <CompanyHistory history={result.data} query={query} problem={problem} ownUsername={session.user.username} />
          )}
        </div>
      );
    }
  }
  const [result, deadlines] = await Promise.all([shopScope().then((scope) => listOrders(scope, page)), dueDeadlines()]);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Order history' }]} />
      <h1 className={pageStyles.title}>Order history</h1>
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.orders.length === 0 ? (
        <p className={accountStyles.empty}>
          No orders yet for this account. Orders you place appear here. <Link href="/">Start shopping</Link>
        </p>
      ) : (
        <>
          <ul className={styles.orders} aria-label="Orders">
            {result.data.orders.map((order) => (
              <li key={order.code}>
                <OrderCard order={order} marks={deadlineMark(order.code, deadlines)} />
              </li>
            ))}
          </ul>
          <Pagination pagination={result.data.pagination} hrefFor={pageHref} label="Order history pages" />
        </>
      )}
    </div>
  );
}

/**
 * Head office's view (docs/api.md "Orders of the company"): every order of its sites with who ordered it, the
 * filters, and, opened from a period limit's spend, that period's total over exactly the orders it counts.
 */
function CompanyHistory({ history, query, problem, ownUsername }: { history: CompanyOrderHistory; query: CompanyOrderQuery; problem?: string; ownUsername: string }) {
  const siteName = history.sites.find((site) => site.code === query.site)?.name ?? history.orders[0]?.shipTo?.name;
  return (
    <>
      {history.period ? (
        <p className={styles.spend}>
          <strong>{history.totalNet.formattedValue}</strong> {periodWords(history.period, query.periodDate || query.heldOrder ? londonToday() : true)}
          {siteName ? ` at ${siteName}` : ''} (net of VAT): {countedOrdersWords(history.pagination.totalResults)}, counted against the {history.period.range === 'WEEK' ? 'week' : 'month'}
          &rsquo;s spending limit. <Link href="/account/orders/">Show all orders</Link>
        </p>
      ) : (
        <OrderFilters query={query} sites={history.sites} buyers={history.buyers} problem={problem} />
      )}
      {problem ? null : history.orders.length === 0 ? (
        <p className={accountStyles.empty}>No orders match these filters.</p>
      ) : (
        <>
          <p className={styles.muted}>
            {history.pagination.totalResults === 1 ? '1 order' : `${history.pagination.totalResults} orders`}, {history.totalNet.formattedValue} net of VAT
          </p>
          <ul className={styles.orders} aria-label="Orders">
            {history.orders.map((order) => (
              <li key={order.code}>
                <OrderCard
                  order={order}
                  reorder={order.placedBy.email === ownUsername}
                  leadingFacts={
                    <>
                      <OrderFact label="Site">{order.shipTo?.name ?? '–'}</OrderFact>
                      <OrderFact label="Ordered by">{order.placedBy.name}</OrderFact>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <Pagination pagination={history.pagination} hrefFor={(page) => companyOrdersHref(query, page)} label="Order history pages" />
        </>
      )}
    </>
  );
}
