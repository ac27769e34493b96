import styles from './page.module.css';

/** Shown while a listing loads: the same boxes the cards will fill, so nothing jumps when they arrive. */
export function ListingSkeleton({ cards = 8, title = 'Loading products…' }: { cards?: number; title?: string }) {
  return (
    <div className={styles.page} aria-busy="true">
      <p role="status" className={styles.loadingText}>
        {title}
      </p>
      <ul className={styles.skeletonGrid} aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className={styles.skeletonCard}>
            <span className={styles.skeletonImage} />
            <span className={styles.skeletonLine} />
            <span className={styles.skeletonLineShort} />
          </li>
        ))}
      </ul>
    </div>
  );
}
