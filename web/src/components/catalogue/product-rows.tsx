import Link from 'next/link';
import { Suspense } from 'react';
import { avoidWarnings } from '@/components/food/allergen-profile-words';
import { FoodMarks } from '@/components/food/food-marks';
import { siteAvoid } from '@/components/food/site-avoid';
import { shelfLifeText } from '@/lib/commerce/product-facts';
import { productHref, stockText } from '@/lib/commerce/product-text';
import { shopScope } from '@/lib/commerce/scope';
import type { Product } from '@/lib/commerce/types';
import { StockNote } from '@/components/stock/stock-note';
import { RowAdd } from './row-add';
import styles from './product-rows.module.css';

/** The compact list view (docs/decisions-left-open.md#weekly-ordering): a row per product with its facts, price and a +/- stepper. */
export async function ProductRows({ products, label }: { products: Product[]; label: string }) {
  const avoid = await siteAvoid(await shopScope());
  return (
    <ul className={styles.rows} aria-label={label}>
      {products.map((product) => {
        const soldOut = product.stock.stockLevelStatus === 'outOfStock';
        return (
          <li key={product.code} className={styles.row} aria-labelledby={`r-${product.code}`}>
            <div className={styles.info}>
              <Link id={`r-${product.code}`} href={productHref(product.code)} prefetch={false} className={styles.name}>
                {product.name}
              </Link>
              <span className={styles.facts}>
                {product.brand} · {product.code} · {product.packSize} · {product.storageText} · {shelfLifeText(product.shelfLifeDays)}
                {soldOut ? ` · ${stockText('outOfStock')}` : ''}
              </span>
              {/* The price and the food marks share a line: a row on a phone stays short enough for eight on the screen. */}
              <span className={styles.priceLine}>
                {product.price ? (
                  <span className={styles.price}>
                    <strong>{product.price.formattedValue}</strong> per {product.salesUnit}
                    {product.wasPrice ? (
                      <>
                        {' '}
                        (was <s>{product.wasPrice.formattedValue}</s>)
                      </>
                    ) : null}
                  </span>
                ) : null}
                <FoodMarks marks={product.foodMarks} avoid={avoid} oneLine />
              </span>
              <StockNote notice={product.stockNotice} />
            </div>
            {/* Hydrated row by row after the shell, as the grid's cards are (product-grid.tsx). */}
            <Suspense>
              <RowAdd code={product.code} name={product.name} minOrderQuantity={product.minOrderQuantity} disabled={soldOut} avoidWarnings={avoidWarnings(product.foodMarks, avoid)} />
            </Suspense>
          </li>
        );
      })}
    </ul>
  );
}
