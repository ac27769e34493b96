import Link from 'next/link';
import { FoodMarks } from '@/components/food/food-marks';
import { OfferNote } from '@/components/pricing/offer-note';
import { productHref } from '@/lib/commerce/product-text';
import type { LineOffer, LineSubstitution, Money, OrderLine } from '@/lib/commerce/types';
import type { FoodMarks as Marks } from '@/lib/food/food-schemas';
import type { SiteAvoid } from '@/lib/food/food-text';
import { hasDeliveredQuantities, shortBy } from '@/components/orders/order-status';
import orderStyles from '@/components/orders/orders.module.css';
import styles from './orders.module.css';

/**
 * A line as these lists show it: the API's formatted amounts are all they read (a standing order's lines too), and
 * the product's food marks and offer where the answer carries them (an order's lines do).
 */
export type ShownLine = Pick<OrderLine, 'entryNumber' | 'quantity' | 'deliveredQuantity' | 'substitution'> & {
  product: Pick<OrderLine['product'], 'code' | 'name' | 'packSize'> & { foodMarks?: Marks };
} & Record<'basePrice' | 'totalPrice', Pick<Money, 'formattedValue'>> &
  LineOffer;

/**
 * An order's lines as stacked rows, each with its own labels (Code, Pack, Quantity, Delivered once the warehouse
 * reported it, Unit price, Line total): on a phone every figure stays on screen, where a table had to scroll
 * sideways. A shortage is said in words, not only in colour; an offer the line was priced with, as the cart said it.
 */
export function OrderLines({ lines, label, avoid }: { lines: ShownLine[]; label: string; avoid?: SiteAvoid }) {
  const delivered = hasDeliveredQuantities(lines);
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => (
        <li key={line.entryNumber} className={styles.line}>
          <div className={styles.lineProduct}>
            <Link href={productHref(line.product.code)} prefetch={false} className={styles.lineName}>
              {line.product.name}
            </Link>
            {line.product.foodMarks ? <FoodMarks marks={line.product.foodMarks} avoid={avoid} /> : null}
            {/* Without its end date: an order's price is settled, whenever the offer ends. */}
            <OfferNote line={{ ...line, offer: line.offer && { kind: line.offer.kind, name: line.offer.name } }} />
            {line.substitution ? <SubstitutionNote substitution={line.substitution} /> : null}
          </div>
          <dl className={styles.lineFigures}>
            <div>
              <dt>Code</dt>
              <dd>{line.product.code}</dd>
            </div>
            <div>
              <dt>Pack</dt>
              <dd>{line.product.packSize}</dd>
            </div>
            <div>
              <dt>Quantity</dt>
              <dd>{line.quantity}</dd>
            </div>
            {delivered ? (
              <div>
                <dt>Delivered</dt>
                <dd>
                  {line.substitution ? 'Substitute' : (line.deliveredQuantity ?? '–')}
                  {shortBy(line) > 0 ? <span className={orderStyles.short}> (short {shortBy(line)})</span> : null}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Unit price</dt>
              <dd>{line.basePrice.formattedValue}</dd>
            </div>
            <div>
              <dt>Line total</dt>
              <dd>{line.totalPrice.formattedValue}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the warehouse sent instead of the line, in the sentence the e-mail uses too, then the substitute's cases and
 * prices, which the order's totals count (docs/substitutions.md).
 */
function SubstitutionNote({ substitution }: { substitution: LineSubstitution }) {
  return (
    <p className={styles.substitution}>
      <strong>{substitution.text}</strong>
      <span>
        Sent: {substitution.quantity} × {substitution.basePrice.formattedValue} = {substitution.totalPrice.formattedValue} ({substitution.product.code})
      </span>
    </p>
  );
}

/** The short form for the order history: "2 × Brie (2 x 2.5 kg)", one line each. */
export function OrderLinesBrief({ lines, label }: { lines: ShownLine[]; label: string }) {
  return (
    <ul className={styles.brief} aria-label={label}>
      {lines.map((line) => (
        <li key={line.entryNumber}>
          <span className={styles.briefQuantity}>{line.quantity} ×</span>{' '}
          <Link href={productHref(line.product.code)} prefetch={false}>
            {line.product.name}
          </Link>{' '}
          <span className={styles.muted}>
            {line.product.packSize}, {line.totalPrice.formattedValue}
          </span>
        </li>
      ))}
    </ul>
  );
}
