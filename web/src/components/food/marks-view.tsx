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

/**
 * Dietary flags as badges in one paragraph, not a list: cards and cart lines are list items already, and a list in
 * each would be read out as one more list. `labelled` adds "Dietary:" for screen readers where nothing else says it.
 */
export function DietaryBadges({ names, labelled = true }: { names: readonly string[]; labelled?: boolean }) {
  if (names.length === 0) return null;
  return (
    <p className={styles.badges}>
      {labelled ? <span className="visually-hidden">Dietary: </span> : null}
      {names.map((name) => (
        <span key={name} className={styles.badge}>
          {name}
        </span>
      ))}
    </p>
  );
}

/**
 * A product's compact marks: the site's warnings first, then what it contains or may contain, then the dietary
 * badges: on a narrow card the allergens come first.
 */
export function MarksView({ texts, oneLine = false }: { texts: MarkTexts; oneLine?: boolean }) {
  return (
    <div className={oneLine ? `${styles.marks} ${styles.oneLine}` : styles.marks}>
      <Warnings texts={texts.warnings} />
      {texts.allergens.map((text) => (
        <p key={text} className={styles.allergens}>
          {text}
        </p>
      ))}
      <DietaryBadges names={texts.dietary} />
    </div>
  );
}
