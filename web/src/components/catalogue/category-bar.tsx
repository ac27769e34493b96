import Link from 'next/link';
import { getSession } from '@/lib/session/session';
import { getCategoryTree } from '@/lib/commerce/categories';
import { categoryHref } from '@/lib/commerce/category-ids';
import type { CategoryNode } from '@/lib/commerce/types';
import styles from './category-bar.module.css';

/** The active range's categories for the signed-in, set-up user; nothing otherwise. */
async function activeTree(): Promise<{ range: string; tree: CategoryNode[] } | undefined> {
  const session = await getSession();
  if (!session.user || !session.activeSalesOrg) return undefined;
  return { range: session.activeSalesOrg, tree: await getCategoryTree(session.user.username, session.activeSalesOrg) };
}

/**
 * Desktop category bar (docs/storefront-requirements.md §1: chill-themed for the CHIL range). A top category's subcategories open on
 * hover and on keyboard focus (:focus-within), so the bar needs no script.
 */
export async function CategoryBar() {
  const active = await activeTree();
  if (!active || active.tree.length === 0) return null;
  const theme = active.range === 'CHIL' ? styles.chill : styles.dairy;
  return (
    <nav aria-label="Categories" className={`${styles.bar} ${theme}`}>
      <ul className={styles.top}>
        {active.tree.map((top) => (
          <li key={top.id} className={styles.item}>
            <Link href={categoryHref(top.id)} className={styles.topLink} prefetch={false}>
              {top.name}
            </Link>
            {top.subcategories.length > 0 ? (
              <ul className={styles.sub} aria-label={top.name}>
                {top.subcategories.map((sub) => (
                  <li key={sub.id}>
                    <Link href={categoryHref(sub.id)} prefetch={false}>
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The mobile menu's 'Shop {range}' list: every top category with its subcategories, as plain links. */
export async function CategoryMenuList() {
  const active = await activeTree();
  if (!active || active.tree.length === 0) return null;
  return (
    <ul className={styles.menuList}>
      {active.tree.map((top) => (
        <li key={top.id}>
          <Link href={categoryHref(top.id)} prefetch={false}>
            {top.name}
          </Link>
          {top.subcategories.length > 0 ? (
            <ul>
              {top.subcategories.map((sub) => (
                <li key={sub.id}>
                  <Link href={categoryHref(sub.id)} prefetch={false}>
                    {sub.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
