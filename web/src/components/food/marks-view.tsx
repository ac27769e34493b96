import type { MarkTexts } from '@/lib/food/food-text';
import styles from './food.module.css';

/*
 * The marks' markup only, from texts worked out on the server (markTexts): no state, no hooks and no import of the
 * food schemas, so a card rendered on the server gains no script, and the quick order (a client component) draws
 * them without bringing zod into the browser.
 */

/** "Contains peanuts — Quayside avoids it", one line for each thing of the site's profile the product holds. */
export function Warnings({ texts }: { texts: readonly string[] }) {
  return texts.map((warning) => (
    <p key={warning} className={styles.avoid}>
      <span aria-hidden="true">⚠ </span>
      {warning}
    </p>
  ));
}

export function DietaryBadges({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <ul className={styles.badges} aria-label="Dietary">
      {names.map((name) => (
        <li key={name} className={styles.badge}>
          {name}
        </li>
      ))}
    </ul>
  );
}

/** A product's compact marks: the site's warnings first, then dietary badges and what it contains or may contain. */
export function MarksView({ texts }: { texts: MarkTexts }) {
  return (
    <div className={styles.marks}>
      <Warnings texts={texts.warnings} />
      <DietaryBadges names={texts.dietary} />
      {texts.allergens.map((text) => (
        <p key={text} className={styles.allergens}>
          {text}
        </p>
      ))}
    </div>
  );
}
