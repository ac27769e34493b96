import { formatCalendarDate } from '@/lib/commerce/dates';
import type { LineOffer } from '@/lib/commerce/types';
import styles from './offer-note.module.css';

/** "Sunday 6 December": an offer's last delivery date, without the year a customer does not need. */
const endText = (isoDate: string): string => formatCalendarDate(isoDate).replace(/ \d{4}$/, '');

const breakText = (next: NonNullable<LineOffer['nextBreak']>): string =>
  `${next.minQuantity}+ cases: ${next.price.formattedValue} each — add ${next.moreNeeded} more`;

/**
 * What a line's price owes to offers, in words, drawn on the server (no script): the offer with the price before
 * it and what the line saves, the next volume break, and an offer that ends before the delivery date.
 */
export function OfferNote({ line }: { line: LineOffer }) {
  const { offer, wasPrice, saving, nextBreak, offersEndingBeforeDelivery = [] } = line;
  if (!offer && !nextBreak && offersEndingBeforeDelivery.length === 0) return null;
  return (
    <div className={styles.note}>
      {offer && wasPrice && saving ? (
        <p className={styles.offer}>
          <strong>{offer.name}</strong>: was <s>{wasPrice.formattedValue}</s>, you save {saving.formattedValue}
          {offer.endsOn ? `. Offer ends ${endText(offer.endsOn)}` : ''}
        </p>
      ) : null}
      {nextBreak ? <p className={styles.nextBreak}>{breakText(nextBreak)}</p> : null}
      {offersEndingBeforeDelivery.map((ending) => (
        <p key={ending.name} className={styles.ending}>
          {ending.name} ends {endText(ending.endsOn)}, before this delivery: it is not in this price.
        </p>
      ))}
    </div>
  );
}
