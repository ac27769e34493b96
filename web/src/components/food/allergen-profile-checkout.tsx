import Link from 'next/link';
import type { FoodMarks } from '@/lib/food/food-schemas';
import type { SiteAvoid } from '@/lib/food/food-text';
import { avoidWarnings } from './allergen-profile-words';
import styles from './allergen-profile.module.css';

interface Line {
  entryNumber: number;
  product: { code: string; name: string; foodMarks: Pick<FoodMarks, 'contains' | 'mayContain'> };
}

/**
 * Above Place order: the cart's products holding something the site avoids, each with its warnings, so they are
 * seen once more before the order goes (docs/food-information.md). Nothing when the cart holds none.
 */
export function CheckoutAvoidNotice({ entries, avoid }: { entries: readonly Line[]; avoid: SiteAvoid | null | undefined }) {
  const flagged = entries.map((entry) => ({ entry, warnings: avoidWarnings(entry.product.foodMarks, avoid) })).filter((line) => line.warnings.length > 0);
  if (!avoid || flagged.length === 0) return null;
  return (
    <section className={styles.notice} aria-labelledby="avoid-notice-title">
      <h2 id="avoid-notice-title" className={styles.noticeTitle}>
        Check these products before you order
      </h2>
      <p className={styles.noticeText}>
        Your cart holds {flagged.length === 1 ? 'a product' : `${flagged.length} products`} with allergens {avoid.siteName} avoids.
      </p>
      <ul className={styles.noticeList} aria-label={`Products ${avoid.siteName} avoids`}>
        {flagged.map(({ entry, warnings }) => (
          <li key={entry.entryNumber}>
            <strong>{entry.product.name}</strong> ({entry.product.code})
            {warnings.map((warning) => (
              <span key={warning} className={styles.noticeWarning}>
                {warning}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p className={styles.noticeText}>
        <Link href="/cart/">Change the cart</Link> to remove them, or place the order as it is.
      </p>
    </section>
  );
}
