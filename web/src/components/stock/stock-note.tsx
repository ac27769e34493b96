import { stockNoticeText } from '@/lib/commerce/stock-text';
import type { StockNotice } from '@/lib/commerce/types';
import styles from './stock-note.module.css';

/** "Only 6 left for Tue" or "Out of stock for Tue — back on Thu 3 Dec" (docs/stock.md); nothing when stock says nothing. */
export function StockNote({ notice, id }: { notice: StockNotice | undefined; id?: string }) {
  if (!notice) return null;
  return (
    <p id={id} className={notice.available > 0 ? styles.few : styles.out}>
      {stockNoticeText(notice)}
    </p>
  );
}
