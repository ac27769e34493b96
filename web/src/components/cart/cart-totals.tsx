import type { Cart, MinimumOrder, Money } from '@/lib/commerce/types';
import styles from './cart.module.css';

export const itemsLabel = (units: number): string => `${units} ${units === 1 ? 'item' : 'items'}`;

type Shown = Pick<Money, 'formattedValue'>;

interface Props {
  cart: Pick<Cart, 'totalUnitCount'> &
    Record<'totalPrice' | 'totalTax' | 'totalPriceWithTax', Shown> & { totalSaving?: Pick<Money, 'formattedValue' | 'valuePence'>; deliveryCost?: Pick<Money, 'formattedValue' | 'valuePence'> };
  /** "Total" where nothing is to be paid (a cancelled order). */
  grossLabel?: string;
}

/**
 * Net, VAT and gross, always as the API formatted them: the storefront never does money arithmetic. A delivery
 * charge below the minimum order has its own line; the net total includes it (docs/minimum-order.md).
 */
export function CartTotals({ cart, grossLabel = 'Total to pay' }: Props) {
  return (
    <dl className={styles.totals}>
      <dt>Units</dt>
      <dd>{itemsLabel(cart.totalUnitCount)}</dd>
      {cart.totalSaving && cart.totalSaving.valuePence > 0 ? (
        <>
          <dt className={styles.saving}>Offers save you</dt>
          <dd className={styles.saving}>{cart.totalSaving.formattedValue}</dd>
        </>
      ) : null}
      {cart.deliveryCost && cart.deliveryCost.valuePence > 0 ? (
        <>
          <dt>Delivery charge</dt>
          <dd>{cart.deliveryCost.formattedValue}</dd>
        </>
      ) : null}
      <dt>Net total</dt>
      <dd>{cart.totalPrice.formattedValue}</dd>
      <dt>VAT</dt>
      <dd>{cart.totalTax.formattedValue}</dd>
      <dt className={styles.gross}>{grossLabel}</dt>
      <dd className={styles.gross}>{cart.totalPriceWithTax.formattedValue}</dd>
    </dl>
  );
}

/**
 * Where the cart is short of its ship-to's minimum order, the API's message ("Add £12.40 more to avoid the £15.00
 * delivery charge", or that checkout refuses it): a warning, read out when it changes.
 */
export function MinimumOrderNote({ minimumOrder }: { minimumOrder: Pick<MinimumOrder, 'message' | 'belowMinimum'> | null | undefined }) {
  return (
    <p role="status" className={minimumOrder ? styles.minimumOrder : styles.minimumOrderNone} data-testid="minimum-order">
      {minimumOrder?.message}
    </p>
  );
}
