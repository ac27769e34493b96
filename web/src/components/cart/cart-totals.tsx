import type { Cart, Money } from '@/lib/commerce/types';
import styles from './cart.module.css';

export const itemsLabel = (units: number): string => `${units} ${units === 1 ? 'item' : 'items'}`;

type Shown = Pick<Money, 'formattedValue'>;

interface Props {
  cart: Pick<Cart, 'totalUnitCount'> & Record<'totalPrice' | 'totalTax' | 'totalPriceWithTax', Shown> & { totalSaving?: Pick<Money, 'formattedValue' | 'valuePence'> };
  /** "Total" where nothing is to be paid (a cancelled order). */
  grossLabel?: string;
}

/** Net, VAT and gross, always as the API formatted them: the storefront never does money arithmetic. */
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
      <dt>Net total</dt>
      <dd>{cart.totalPrice.formattedValue}</dd>
      <dt>VAT</dt>
      <dd>{cart.totalTax.formattedValue}</dd>
      <dt className={styles.gross}>{grossLabel}</dt>
      <dd className={styles.gross}>{cart.totalPriceWithTax.formattedValue}</dd>
    </dl>
  );
}
