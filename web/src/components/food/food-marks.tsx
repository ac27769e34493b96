import { avoidedAllergens, avoidWarning } from '@/lib/food/avoided';
import type { DietaryFlag, FoodMarks as Marks } from '@/lib/food/food-schemas';
import { compactAllergenTexts, DIETARY_NAMES, type SiteAvoid } from '@/lib/food/food-text';
import styles from './food.module.css';

/*
 * These components hold no state and no hooks: a server component renders them to HTML, so a card or a row gains
 * no script (docs/phone.md, "Speed"); the quick order, a client component, draws them from its lookups.
 */

/** "Contains peanuts — Quayside avoids it", one line for each thing of the site's profile the product holds. */
export function AvoidWarnings({ marks, avoid }: { marks: Pick<Marks, 'contains' | 'mayContain'>; avoid: SiteAvoid | null | undefined }) {
  if (!avoid) return null;
  return avoidedAllergens(marks, avoid.avoids).map((item) => {
    const warning = avoidWarning(item, avoid.siteName);
    return (
      <p key={warning} className={styles.avoid}>
        <span aria-hidden="true">⚠ </span>
        {warning}
      </p>
    );
  });
}

export function DietaryBadges({ flags }: { flags: readonly DietaryFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul className={styles.badges} aria-label="Dietary">
      {flags.map((flag) => (
        <li key={flag} className={styles.badge}>
          {DIETARY_NAMES[flag]}
        </li>
      ))}
    </ul>
  );
}

/** A product's allergen and dietary marks in a few words, for cards, rows and lines; the site's warnings first. */
export function FoodMarks({ marks, avoid }: { marks: Marks; avoid?: SiteAvoid | null }) {
  return (
    <div className={styles.marks}>
      <AvoidWarnings marks={marks} avoid={avoid} />
      <DietaryBadges flags={marks.dietary} />
      {compactAllergenTexts(marks).map((text) => (
        <p key={text} className={styles.allergens}>
          {text}
        </p>
      ))}
    </div>
  );
}
