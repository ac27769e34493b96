import Link from 'next/link';
import { statusLabel } from '@/components/orders/order-status';
import { FILTER_STATUSES, type CompanyOrderQuery } from '@/lib/commerce/company-orders';
import type { CompanyOrderHistory } from '@/lib/commerce/types';
import styles from './orders.module.css';

interface Props {
  query: CompanyOrderQuery;
  sites: CompanyOrderHistory['sites'];
  buyers: CompanyOrderHistory['buyers'];
  problem?: string;
}

/**
 * Head office's filters (site, buyer, status, delivery dates): a plain GET form, so it works before the page's
 * scripts load, by keyboard, and every value chosen stays in the address and in the form after filtering.
 */
export function OrderFilters({ query, sites, buyers, problem }: Props) {
  return (
    <form method="get" action="/account/orders/" className={styles.filters} aria-label="Filter orders">
      <label>
        Site
        <select name="site" defaultValue={query.site ?? ''}>
          <option value="">All sites</option>
          {sites.map((site) => (
            <option key={site.code} value={site.code}>
              {site.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Ordered by
        <select name="buyer" defaultValue={query.buyer ?? ''}>
          <option value="">Anyone</option>
          {buyers.map((buyer) => (
            <option key={buyer.uid} value={buyer.uid}>
              {buyer.name} ({buyer.uid})
            </option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select name="status" defaultValue={query.status ?? ''}>
          <option value="">Any status</option>
          {FILTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Delivery from
        <input type="date" name="from" defaultValue={query.from ?? ''} aria-invalid={problem ? true : undefined} />
      </label>
      <label>
        Delivery to
        <input type="date" name="to" defaultValue={query.to ?? ''} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'order-filter-problem' : undefined} />
      </label>
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <Link href="/account/orders/" prefetch={false}>
          Clear filters
        </Link>
      </div>
      {problem ? (
        <p id="order-filter-problem" role="alert" className={styles.filterProblem}>
          {problem}
        </p>
      ) : null}
    </form>
  );
}
