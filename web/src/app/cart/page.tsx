import type { Metadata } from 'next';
import Link from 'next/link';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { ClearCartForm, SaveCartForm } from '@/components/cart/cart-actions';
import { CartLines, type LineView } from '@/components/cart/cart-lines';
import { CartTotals, MinimumOrderNote, itemsLabel } from '@/components/cart/cart-totals';
import { FoodMarks } from '@/components/food/food-marks';
import { OfferNote } from '@/components/pricing/offer-note';
import { StockNote } from '@/components/stock/stock-note';
import { restOnOffer } from '@/lib/commerce/stock-text';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { siteAvoid } from '@/components/food/site-avoid';
import { NextDelivery } from '@/components/weekly/next-delivery';
import { getActiveCart } from '@/lib/commerce/cart';
import { shopScope } from '@/lib/commerce/scope';
import { cartLoadError } from '@/lib/errors/catalogue';
import type { Cart } from '@/lib/commerce/types';
import type { SiteAvoid } from '@/lib/food/food-text';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/cart/cart.module.css';

export const metadata: Metadata = { title: 'Cart' };

const lineViews = (cart: Cart, avoid: SiteAvoid | undefined): LineView[] =>
  cart.entries.map((entry) => ({
    entryNumber: entry.entryNumber,
    code: entry.product.code,
    name: entry.product.name,
    brand: entry.product.brand,
    packSize: entry.product.packSize,
    minimum: entry.product.minOrderQuantity,
    storageText: entry.product.storageText,
    shelfLifeDays: entry.product.shelfLifeDays,
    quantity: entry.quantity,
    unitPrice: entry.basePrice.formattedValue,
    lineTotal: entry.totalPrice.formattedValue,
    marks: <FoodMarks marks={entry.product.foodMarks} avoid={avoid} />,
    offer: <OfferNote line={entry} />,
    stock: <StockNote notice={entry.stockNotice} />,
    takeRest: restOnOffer(entry.stockNotice, entry.quantity),
    allowSubstitute: entry.allowSubstitute ?? false,
  }));

export default async function CartPage() {
  const scope = await shopScope();
  const result = await getActiveCart(scope);
  if (!result.ok) {
    return (
      <div className={pageStyles.page}>
        <h1 className={pageStyles.title}>Your cart</h1>
        <LoadFailed error={cartLoadError(result.error)} />
      </div>
    );
  }
  const cart = result.data;
  const avoid = await siteAvoid(scope);
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Your cart</h1>
      <NextDelivery scope={scope} variant="cart" />
      <p className={styles.cartTools}>
        <Link href="/cart/quick-order/">Quick order</Link>
        {cart.entries.length > 0 ? (
          <a href="/cart/export/" download>
            Export CSV
          </a>
        ) : null}
      </p>
      <div className={styles.layout}>
        <section aria-label="Lines">
          {cart.entries.length > 0 ? (
            <p className={styles.muted}>
              {itemsLabel(cart.totalUnitCount)} on {cart.totalItems} {cart.totalItems === 1 ? 'line' : 'lines'}. Prices are per
              case, excluding VAT{cart.pricedFor ? `, for delivery on ${formatCalendarDate(cart.pricedFor)}` : ''}.
            </p>
          ) : null}
          <CartLines lines={lineViews(cart, avoid)}>
            <div className={styles.emptyCart}>
              <p>Your cart is empty.</p>
              <p>
                Find products with the search box or the categories, or restore one of your{' '}
                <Link href="/account/carts/">saved carts</Link>.
              </p>
            </div>
          </CartLines>
        </section>
        {cart.entries.length > 0 ? (
          <aside className={styles.summary} aria-labelledby="cart-summary">
            <h2 id="cart-summary">Summary</h2>
            <MinimumOrderNote minimumOrder={cart.minimumOrder} />
          <CartTotals cart={cart} />
            <Link href="/cart/checkout/" className={styles.primary}>
              Go to checkout
            </Link>
            <SaveCartForm cartId={cart.code} />
            <Link href="/account/standing-orders/new/?cart=active" className={styles.secondaryLink}>
              Make this a standing order
            </Link>
            <ClearCartForm cartId={cart.code} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
