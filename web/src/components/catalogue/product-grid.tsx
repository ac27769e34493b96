import type { Product } from '@/lib/commerce/types';
import { ProductCard } from './product-card';
import styles from './listing.module.css';

interface Props {
  products: Product[];
  label: string;
  /** Cards above the fold on a phone or a desktop: their images load at once, the rest lazily. */
  eager?: number;
}

export function ProductGrid({ products, label, eager = 4 }: Props) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.code}>
          <ProductCard product={product} eager={index < eager} priority={eager > 0 && index === 0} />
        </li>
      ))}
    </ul>
  );
}
