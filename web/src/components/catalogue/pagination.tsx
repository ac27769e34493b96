import type { Pagination as PaginationData } from '@/lib/commerce/types';
import { PageLink } from './page-link';
import styles from './listing.module.css';

interface Props {
  pagination: PaginationData;
  /** The address of a 0-based page. */
  hrefFor: (page: number) => string;
  label?: string;
}

/** Pages around the current one, plus the first and the last. */
function visiblePages(current: number, total: number): number[] {
  const pages = new Set([0, total - 1, current - 1, current, current + 1]);
  return [...pages].filter((page) => page >= 0 && page < total).sort((a, b) => a - b);
}

export function Pagination({ pagination, hrefFor, label = 'Pages' }: Props) {
  const { currentPage, totalPages } = pagination;
  if (totalPages <= 1) return null;
  const pages = visiblePages(currentPage, totalPages);
  return (
    <nav aria-label={label} className={styles.pagination}>
      <ul>
        <li>
          {currentPage > 0 ? (
            <PageLink href={hrefFor(currentPage - 1)} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </PageLink>
          ) : null}
        </li>
        {pages.map((page, index) => (
          <li key={page}>
            {index > 0 && page - (pages[index - 1] ?? page) > 1 ? <span aria-hidden="true">…</span> : null}
            {page === currentPage ? (
              <span aria-current="page" className={styles.pageCurrent}>
                <span className="visually-hidden">Page </span>
                {page + 1}
              </span>
            ) : (
              <PageLink href={hrefFor(page)}>
                <span className="visually-hidden">Page </span>
                {page + 1}
              </PageLink>
            )}
          </li>
        ))}
        <li>
          {currentPage < totalPages - 1 ? (
            <PageLink href={hrefFor(currentPage + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
            </PageLink>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
