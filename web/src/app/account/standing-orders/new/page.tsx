import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { OrderLinesBrief } from '@/components/account/order-lines';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CartTotals } from '@/components/cart/cart-totals';
import { StandingOrderForm } from '@/components/standing/standing-order-form';
import { nextDeliveryDates } from '@/components/weekly/next-delivery';
import { getActiveCart, getCart } from '@/lib/commerce/cart';
import { shopScope, type ShopScope } from '@/lib/commerce/scope';
import { listStandingOrders } from '@/lib/commerce/standing-orders';
import { rangeName } from '@/lib/site-config';
import pageStyles from '@/components/catalogue/page.module.css';
import cartStyles from '@/components/cart/cart.module.css';

export const metadata: Metadata = { title: 'Make a standing order' };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The cart a standing order is made from: a saved cart by its code, or 'active' for the current cart. */
const CART_ID = /^(active|[A-Za-z0-9-]{1,64})$/;

const cartOf = (scope: ShopScope, cartId: string) => (cartId === 'active' ? getActiveCart(scope) : getCart(scope, cartId));

/** "Make this a standing order" from a saved cart or the current cart (issue 17). */
export default async function NewStandingOrderPage({ searchParams }: Props) {
  const cartId = (await searchParams).cart;
  if (typeof cartId !== 'string' || !CART_ID.test(cartId)) notFound();
  const scope = await shopScope();
  const [cart, standing, dates] = await Promise.all([cartOf(scope, cartId), listStandingOrders(scope), nextDeliveryDates(scope)]);
  if (!cart.ok && (cart.error.status === 404 || cart.error.status === 400)) notFound();
  const fromSaved = cartId !== 'active';
  const crumbs = fromSaved
    ? [{ name: 'My account', href: '/account/' }, { name: 'Saved carts', href: '/account/carts/' }, ...(cart.ok ? [{ name: cart.data.name ?? cart.data.code, href: `/account/carts/${encodeURIComponent(cartId)}/` }] : [])]
    : [{ name: 'Cart', href: '/cart/' }];
  const frame = (body: ReactNode) => (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[...crumbs, { name: 'Make a standing order' }]} />
      <h1 className={pageStyles.title}>Make a standing order</h1>
      {body}
    </div>
  );
  if (!cart.ok) return frame(<LoadFailed error={cart.error} />);
  if (!standing.ok) return frame(<LoadFailed error={standing.error} />);
  if (cart.data.entries.length === 0) {
    return frame(
      <p className={cartStyles.emptyCart}>
        This cart has no lines, so there is nothing to order. <Link href="/cart/">Go to your cart</Link>
      </p>,
    );
  }
  return frame(
    <div className={cartStyles.layout}>
      <StandingOrderForm
        purpose={{ kind: 'create', cartId }}
        deliveryWeekdays={standing.data.deliveryWeekdays}
        rangeName={rangeName(scope.salesOrg)}
        purchaseOrderRequired={cart.data.purchaseOrderRequired ?? false}
        initial={{
          name: (fromSaved ? cart.data.name : null) ?? '',
          weekdays: [],
          startDate: dates?.[0]?.date ?? '',
          endDate: '',
          purchaseOrderNumber: cart.data.purchaseOrderNumber ?? '',
          deliveryInstructions: cart.data.deliveryInstructions ?? '',
        }}
      />
      <aside className={cartStyles.summary} aria-labelledby="standing-lines">
        <h2 id="standing-lines">{fromSaved ? `From ‘${cart.data.name ?? cart.data.code}’` : 'From your cart'}</h2>
        <p className={cartStyles.hint}>These lines are copied; the cart stays as it is. Prices are those of each order’s cut-off.</p>
        <OrderLinesBrief lines={cart.data.entries} label="Lines of the standing order" />
        <CartTotals cart={cart.data} />
      </aside>
    </div>,
  );
}
