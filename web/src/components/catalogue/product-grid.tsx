import type { Product } from '@/lib/commerce/types';
import { ProductCard } from './product-card';
import styles from './listing.module.css';

/** Cards above the fold on a phone or a desktop: their images load at once. */
const EAGER = 4;

export function ProductGrid({ products, label }: { products: Product[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.code}>
          <ProductCard product={product} eager={index < EAGER} />
        </li>
      ))}
    </ul>
  );
}
