import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AddSavedCartButton } from '@/components/account/add-saved-cart-button';
import { SavedCartActions } from '@/components/account/saved-cart-actions';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { getCartSummary } from '@/lib/commerce/cart-summary';
import { getCart } from '@/lib/commerce/cart';
import { formatShortDate } from '@/lib/commerce/dates';
import { productHref } from '@/lib/commerce/product-text';
import { shopScope } from '@/lib/commerce/scope';
import { cartLoadError } from '@/lib/errors/catalogue';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/account/account.module.css';
import cartStyles from '@/components/cart/cart.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export const metadata: Metadata = { title: 'Saved cart' };

const cases = (n: number) => (n === 1 ? '1 case' : `${n} cases`);

/**
 * docs/decisions-left-open.md#weekly-ordering: a saved cart's lines, with Add to cart (the saved cart stays) and Restore (it becomes the cart).
 * The list's loading skeleton lives in the (list) group, not above this page: a page that streams from a
 * loading boundary has sent its 200 before it knows the cart, so an unknown one could not answer 404.
 */
export default async function SavedCartPage({ params }: Props) {
  const code = decodeURIComponent((await params).code);
  const scope = await shopScope();
  const [result, current] = await Promise.all([getCart(scope, code), getCartSummary(scope)]);
  if (!result.ok && (result.error.status === 404 || result.error.status === 400)) notFound();
  const crumbs = [{ name: 'My account', href: '/account/' }, { name: 'Saved carts', href: '/account/carts/' }];
  if (!result.ok) {
    return (
      <div className={pageStyles.page}>
        <Breadcrumbs trail={[...crumbs, { name: 'Saved cart' }]} />
        <h1 className={pageStyles.title}>Saved cart</h1>
        <LoadFailed error={cartLoadError(result.error, code)} />
      </div>
    );
  }
  const cart = result.data;
  // The current cart has its own page; an ordered one is in the order history.
  if (cart.status !== 'saved') notFound();
  const name = cart.name ?? cart.code;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[...crumbs, { name }]} />
      <h1 className={pageStyles.title}>{name}</h1>
      {cart.description ? <p>{cart.description}</p> : null}
      <dl className={styles.facts}>
        <dt>Saved</dt>
        <dd>{cart.saveTime ? formatShortDate(cart.saveTime) : '–'}</dd>
        <dt>Lines</dt>
        <dd>{cart.totalItems}</dd>
        <dt>Units</dt>
        <dd>{cart.totalUnitCount}</dd>
      </dl>
      <div className={cartStyles.layout}>
        <section aria-labelledby="saved-lines">
          <h2 id="saved-lines" className={cartStyles.sectionTitle}>
            Lines
          </h2>
          <ul className={cartStyles.lines} aria-label="Saved cart lines">
            {cart.entries.map((entry) => (
              <li key={entry.entryNumber} className={cartStyles.savedLine}>
                <div className={cartStyles.lineInfo}>
                  <Link href={productHref(entry.product.code)} prefetch={false} className={cartStyles.lineName}>
                    {entry.product.name}
                  </Link>
                  <span className={cartStyles.muted}>{entry.product.packSize}</span>
                  <span className={cartStyles.muted}>{entry.basePrice.formattedValue} per case</span>
                </div>
                <p className={cartStyles.savedQuantity}>{cases(entry.quantity)}</p>
                <p className={cartStyles.savedTotal}>{entry.totalPrice.formattedValue}</p>
              </li>
            ))}
          </ul>
        </section>
        <aside className={cartStyles.summary} aria-labelledby="saved-summary">
          <h2 id="saved-summary">Use this cart</h2>
          <CartTotals cart={cart} />
          <p id="add-saved-cart-note" className={cartStyles.hint}>
            Add to cart copies these lines into your current cart and keeps this saved cart for next time.
          </p>
          <AddSavedCartButton cartId={cart.code} />
          <p className={cartStyles.hint}>
            Restore makes this saved cart your current cart instead: your current cart is saved in its place, and this
            cart leaves the saved carts.
          </p>
          <SavedCartActions cartId={cart.code} name={name} currentUnits={current.totalUnitCount} withDelete={false} />
          <p className={cartStyles.hint}>Order these lines on your delivery days without placing each order yourself.</p>
          <Link href={`/account/standing-orders/new/?cart=${encodeURIComponent(cart.code)}`} className={cartStyles.secondaryLink}>
            Make this a standing order
          </Link>
        </aside>
      </div>
    </div>
  );
}
