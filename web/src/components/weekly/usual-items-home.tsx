import Link from 'next/link';
import { FoodMarks } from '@/components/food/food-marks';
import { siteAvoid } from '@/components/food/site-avoid';
import { getOrderGuide } from '@/lib/commerce/order-guide';
import { productHref } from '@/lib/commerce/product-text';
import type { ShopScope } from '@/lib/commerce/scope';
import { QuickAddButton } from './quick-add-button';
import { startingQuantity } from './usual-quantity';
import pageStyles from '@/components/catalogue/page.module.css';
import styles from './weekly.module.css';

const SHOWN = 6;
/** Enough lines that six orderable ones remain when some are no longer sold. */
const READ = 20;

/** Home page "Your usual items": the top lines of the order guide, each added with one tap. Absent until the account has ordered. */
export async function UsualItemsHome({ scope }: { scope: ShopScope }) {
  const [result, avoid] = await Promise.all([getOrderGuide(scope, READ), siteAvoid(scope)]);
  if (!result.ok) return null;
  const lines = result.data.filter((line) => line.unavailableReason === null).slice(0, SHOWN);
  if (lines.length === 0) return null;
  return (
    <section className={pageStyles.section} aria-labelledby="home-usual">
      <h2 id="home-usual" className={pageStyles.sectionTitle}>
        Your usual items
      </h2>
      <ul className={styles.homeList} aria-label="Your usual items">
        {lines.map((line) => (
          <li key={line.product.code} className={styles.homeItem}>
            <div>
              <Link href={productHref(line.product.code)} prefetch={false} className={styles.name}>
                {line.product.name}
              </Link>
              <span className={styles.muted}>
                {line.product.brand} · {line.product.code} · {line.product.packSize}
                {line.product.price ? ` · ${line.product.price.formattedValue}` : ''}
              </span>
              <FoodMarks marks={line.product.foodMarks} avoid={avoid} />
            </div>
            <QuickAddButton code={line.product.code} name={line.product.name} quantity={startingQuantity(line)} />
          </li>
        ))}
      </ul>
      <p>
        <Link href="/account/usual/">All your usual items</Link>
      </p>
    </section>
  );
}
