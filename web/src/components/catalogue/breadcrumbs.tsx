import Link from 'next/link';
import styles from './breadcrumbs.module.css';

export interface Crumb {
  name: string;
  href?: string;
}

/** docs/storefront-requirements.md §2: Home > links > current title. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol>
        <li>
          <Link href="/" prefetch={false}>
            Home
          </Link>
        </li>
        {trail.map((crumb, index) => (
          <li key={`${crumb.name}-${index}`}>
            {crumb.href && index < trail.length - 1 ? (
              <Link href={crumb.href} prefetch={false}>
                {crumb.name}
              </Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
