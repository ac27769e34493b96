'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { AdminNavItem } from './admin-nav';

/** The section menu; the current section is marked for screen readers and by style. */
export function AdminNavLinks({ items }: { items: AdminNavItem[] }) {
  const pathname = usePathname();
  return (
    <ul className="admin-nav-list">
      {items.map((item) => {
        const current = pathname.startsWith(item.href.replace(/\/$/, ''));
        return (
          <li key={item.href}>
            <Link href={item.href} prefetch={false} className="admin-nav-link" aria-current={current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
