import { Suspense } from 'react';
import { siteAvoid } from '@/components/food/site-avoid';
import { shopScope } from '@/lib/commerce/scope';
import type { Product } from '@/lib/commerce/types';
import { ProductCard } from './product-card';
import styles from './listing.module.css';

interface Props {
  products: Product[];
  label: string;
  /** Cards above the fold on a phone or a desktop: their images load at once, the rest lazily. */
  eager?: number;
}

/**
 * Each card is a Suspense boundary of its own, though nothing in it waits: React hydrates the page's shell first
 * and then the cards one by one in short tasks, instead of the whole grid in one task that a phone cannot
 * interrupt for a tap (docs/phone.md, "Speed"). A card tapped before its turn is hydrated at once.
 */
export async function ProductGrid({ products, label, eager = 4 }: Props) {
  const avoid = await siteAvoid(await shopScope());
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.code}>
          <Suspense>
            <ProductCard product={product} eager={index < eager} priority={eager > 0 && index === 0} avoid={avoid} />
          </Suspense>
        </li>
      ))}
    </ul>
  );
}
