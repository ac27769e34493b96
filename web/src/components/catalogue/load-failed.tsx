import type { AppError } from '@/lib/errors/app-error';
import styles from './page.module.css';

/** A part of the page whose data could not be loaded: says so in place, with the catalogue's words. */
export function LoadFailed({ error }: { error: AppError }) {
  return (
    <div role="alert" className={styles.failed}>
      <p className={styles.failedTitle}>{error.title}</p>
      <p>{error.description}</p>
    </div>
  );
}
