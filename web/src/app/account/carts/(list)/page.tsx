import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { SavedCartActions } from '@/components/account/saved-cart-actions';
import { getCartSummary } from '@/lib/commerce/cart-summary';
import { listSavedCarts } from '@/lib/commerce/cart';
import { formatShortDate } from '@/lib/commerce/dates';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';

export const metadata: Metadata = { title: 'Saved carts' };

interface Props {
  /** `saved`: the code of the cart just saved from the cart page. */
  searchParams: Promise<{ saved?: string | string[] }>;
}

export default async function SavedCartsPage({ searchParams }: Props) {
  const scope = await shopScope();
  const [result, current, { saved }] = await Promise.all([listSavedCarts(scope), getCartSummary(scope), searchParams]);
  const justSaved = result.ok ? result.data.carts.find((cart) => cart.code === saved) : undefined;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'My account', href: '/account/' }, { name: 'Saved carts' }]} />
      <h1 className={pageStyles.title}>Saved carts</h1>
      {justSaved ? (
        <p role="status" className={styles.done}>
          Cart saved as{' '}
          <Link href={`/account/carts/${encodeURIComponent(justSaved.code)}/`}>‘{justSaved.name ?? justSaved.code}’</Link>. Your cart is now empty:
          restore this one whenever you want to order it.
        </p>
      ) : null}
      {!result.ok ? (
        <LoadFailed error={result.error} />
      ) : result.data.carts.length === 0 ? (
        <p className={styles.empty}>You have no saved carts for this account. Save a cart from the cart page to order it again later.</p>
      ) : (
        <ul className={styles.cards} aria-label="Saved carts">
          {result.data.carts.map((cart) => {
            const name = cart.name ?? cart.code;
            return (
              <li key={cart.code} className={styles.card}>
                <h2 className={styles.cardTitle}>
                  <Link href={`/account/carts/${encodeURIComponent(cart.code)}/`}>{name}</Link>
                </h2>
                <dl className={styles.facts}>
                  <dt>Saved</dt>
                  <dd>{cart.saveTime ? formatShortDate(cart.saveTime) : '–'}</dd>
                  <dt>Lines</dt>
                  <dd>{cart.totalItems}</dd>
                  <dt>Units</dt>
                  <dd>{cart.totalUnitCount}</dd>
                  <dt>Total</dt>
                  <dd>{cart.totalPriceWithTax.formattedValue}</dd>
                </dl>
                <SavedCartActions cartId={cart.code} name={name} currentUnits={current.totalUnitCount} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
