import { formatCalendarDate } from '@/lib/commerce/dates';
import type { Product } from '@/lib/commerce/types';
import styles from './offer-note.module.css';

/** "Sunday 6 December": an offer's last delivery date, without the year a customer does not need. */
const endText = (isoDate: string): string => formatCalendarDate(isoDate).replace(/ \d{4}$/, '');

/**
 * What a card or the product page says of the price's offer (docs/pricing.md "Offers in listings"): the offer and
 * the regular price it replaces, when it ends, and the next volume break. Nothing without an offer or a break.
 */
export function ProductOffer({ product }: { product: Pick<Product, 'offer' | 'wasPrice' | 'nextBreak'> }) {
  const { offer, wasPrice, nextBreak } = product;
  if (!offer && !nextBreak) return null;
  return (
    <div className={styles.note}>
      {offer && wasPrice ? (
        <p className={styles.offer}>
          <strong>{offer.name}</strong>: was <s>{wasPrice.formattedValue}</s>
          {offer.endsOn ? `. Offer ends ${endText(offer.endsOn)}` : ''}
        </p>
      ) : null}
      {nextBreak ? (
        <p className={styles.nextBreak}>
          {nextBreak.minQuantity}+ cases: {nextBreak.price.formattedValue} each
        </p>
      ) : null}
    </div>
  );
}
