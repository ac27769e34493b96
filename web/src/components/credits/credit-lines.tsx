import { creditReasonLabel, lineOutcomeText, type CreditLine } from '@/lib/commerce/credits';
import orderStyles from '@/components/account/orders.module.css';
import styles from './credits.module.css';

/**
 * The lines of a credit request: the product, why it is credited (with the buyer's note), how many cases and
 * their price at the order's own prices, and once decided what was credited of each, when that is known.
 * Labelled rows that wrap on a phone.
 */
export function CreditLines({ lines, label }: { lines: CreditLine[]; label: string }) {
  return (
    <ul className={orderStyles.lines} aria-label={label}>
      {lines.map((line) => {
        const outcome = lineOutcomeText(line);
        return (
          <li key={line.entryNumber} className={orderStyles.line}>
            <div>
              <span className={orderStyles.lineName}>{line.product.name}</span>{' '}
              <span className={orderStyles.muted}>
                {line.product.packSize} · {line.product.code}
              </span>
              <div>
                <span className={styles.lineReason}>{creditReasonLabel(line.reason)}</span>
                {line.receivedQuantity !== null && line.receivedQuantity !== undefined ? (
                  <span className={orderStyles.muted}>
                    {' '}
                    · received {line.receivedQuantity}
                    {line.deliveredQuantity !== null && line.deliveredQuantity !== undefined ? ` of ${line.deliveredQuantity}` : ''}
                    {line.damagedQuantity ? `, ${line.damagedQuantity} damaged` : ''}
                  </span>
                ) : null}
              </div>
              {line.note ? <div className={`${orderStyles.muted} ${styles.note}`}>“{line.note}”</div> : null}
              {outcome ? <div className={styles.lineOutcome}>{outcome}</div> : null}
            </div>
            <dl className={orderStyles.lineFigures}>
              <div>
                <dt>Cases</dt>
                <dd>{line.quantity}</dd>
              </div>
              {line.unitPrice ? (
                <div>
                  <dt>Unit price</dt>
                  <dd>{line.unitPrice.formattedValue}</dd>
                </div>
              ) : null}
              <div>
                <dt>Net</dt>
                <dd>{line.net.formattedValue}</dd>
              </div>
              <div>
                <dt>VAT</dt>
                <dd>{line.vat.formattedValue}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
