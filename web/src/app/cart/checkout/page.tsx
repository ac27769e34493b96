import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals, MinimumOrderNote } from '@/components/cart/cart-totals';
import { CheckoutCreditNotice } from '@/components/cart/checkout-credit-notice';
import { CheckoutForm } from '@/components/cart/checkout-form';
import { CheckoutAvoidNotice } from '@/components/food/allergen-profile-checkout';
import { siteAvoid } from '@/components/food/site-avoid';
import { approvalNotice } from '@/lib/commerce/approval-calls';
import { getActiveCart } from '@/lib/commerce/cart';
import { creditNotice } from '@/lib/commerce/credit';
import { deliveryDateChoices } from '@/lib/commerce/dates';
import { getDeliveryDates } from '@/lib/commerce/delivery';
import { shopScope } from '@/lib/commerce/scope';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from '@/components/cart/cart.module.css';

export const metadata: Metadata = { title: 'Checkout' };


export default async function CheckoutPage() {
  const scope = await shopScope();
  const [cartResult, datesResult] = await Promise.all([getActiveCart(scope), getDeliveryDates(scope)]);
  const crumbs = <Breadcrumbs trail={[{ name: 'Cart', href: '/cart/' }, { name: 'Checkout' }]} />;
  if (!cartResult.ok || !datesResult.ok) {
    const error = cartResult.ok ? (datesResult.ok ? undefined : datesResult.error) : cartResult.error;
    return (
      <div className={pageStyles.page}>
        {crumbs}
        <h1 className={pageStyles.title}>Checkout</h1>
        {error ? <LoadFailed error={error} /> : null}
      </div>
    );
  }
  const cart = cartResult.data;
  if (cart.entries.length === 0) {
    return (
      <div className={pageStyles.page}>
        {crumbs}
        <h1 className={pageStyles.title}>Checkout</h1>
        <div className={styles.emptyCart}>
          <p>Your cart is empty, so there is nothing to check out.</p>
          <p>
            <Link href="/">Continue shopping</Link>
          </p>
        </div>
      </div>
    );
  }
  const choices = deliveryDateChoices(datesResult.data.deliveryDates);
  // docs/decisions-left-open.md#weekly-ordering: the next orderable date (the one the countdown names) unless the cart already holds another open one.
  const chosen = choices.some((choice) => choice.date === cart.requestedDeliveryDate) ? (cart.requestedDeliveryDate ?? '') : (choices[0]?.date ?? '');
  const [approval, avoid, credit] = await Promise.all([chosen ? approvalNotice(scope, chosen) : undefined, siteAvoid(scope), creditNotice(scope.soldTo, cart.totalPriceWithTax)]);
  return (
    <div className={pageStyles.page}>
      {crumbs}
      <h1 className={pageStyles.title}>Checkout</h1>
      <div className={styles.layout}>
        <CheckoutForm
          cartId={cart.code}
          idempotencyKey={randomUUID()}
          dates={choices}
          purchaseOrderRequired={cart.purchaseOrderRequired ?? false}
          approval={approval}
          avoidNotice={<CheckoutAvoidNotice entries={cart.entries} avoid={avoid} />}
          creditNotice={<CheckoutCreditNotice notice={credit} />}
          initial={{
            requestedDeliveryDate: chosen,
            purchaseOrderNumber: cart.purchaseOrderNumber ?? '',
            deliveryInstructions: cart.deliveryInstructions ?? '',
          }}
        />
        <aside className={styles.summary} aria-labelledby="order-summary">
          <h2 id="order-summary">Order summary</h2>
          <ul className={styles.summaryLines}>
            {cart.entries.map((entry) => (
              <li key={entry.entryNumber}>
                <span>
                  {entry.quantity} × {entry.product.name}{' '}
                  <span className={styles.muted}>
                    ({entry.product.brand} · {entry.product.code} · {entry.product.packSize})
                  </span>
                </span>
                <span>{entry.totalPrice.formattedValue}</span>
              </li>
            ))}
          </ul>
          <MinimumOrderNote minimumOrder={cart.minimumOrder} />
          <CartTotals cart={cart} />
          <Link href="/cart/">Change the cart</Link>
        </aside>
      </div>
    </div>
  );
}
