import Link from 'next/link';
import { avoidWarnings } from '@/components/food/allergen-profile-words';
import { FoodMarks } from '@/components/food/food-marks';
import { perUnit, productHref, productImageSrc, stockText, vatNote } from '@/lib/commerce/product-text';
import type { Product } from '@/lib/commerce/types';
import type { SiteAvoid } from '@/lib/food/food-text';
import { ProductOffer } from '@/components/pricing/product-offer';
import { StockNote } from '@/components/stock/stock-note';
import { AddToCart } from './add-to-cart';
import styles from './product-card.module.css';

interface Props {
  product: Product;
  /** The first cards of a page are above the fold: load them at once, the rest lazily. */
  eager?: boolean;
  /** The very first image is the likely largest paint: fetched before anything else. */
  priority?: boolean;
  /** What the active site avoids: the card warns when the product holds any of it. */
  avoid?: SiteAvoid;
}

export function ProductCard({ product, eager = false, priority = false, avoid }: Props) {
  const href = productHref(product.code);
  const soldOut = product.stock.stockLevelStatus === 'outOfStock';
  return (
    <article className={styles.card} aria-labelledby={`p-${product.code}`}>
      <div className={styles.imageBox}>
        <img
          src={productImageSrc(product.code)}
          alt=""
          width={160}
          height={160}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={eager ? undefined : 'async'}
        />
      </div>
      <h3 id={`p-${product.code}`} className={styles.name}>
        <Link href={href} prefetch={false}>
          {product.name}
        </Link>
      </h3>
      <p className={styles.brand}>{product.brand}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Code</dt>
          <dd>{product.code}</dd>
        </div>
        <div>
          <dt>Pack</dt>
          <dd>{product.packSize}</dd>
        </div>
        {product.storageText ? (
          <div>
            <dt>Storage</dt>
            <dd>{product.storageText}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shelf life</dt>
          <dd>
            {product.shelfLifeDays} {product.shelfLifeDays === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div>
          <dt>Minimum order</dt>
          <dd>{product.minOrderQuantity}</dd>
        </div>
        {/* A notice for the delivery date (below) says more than the catalogue's stock status, and may say otherwise. */}
        {product.stockNotice ? null : (
          <div>
            <dt>Stock</dt>
            <dd className={styles[product.stock.stockLevelStatus] ?? ''}>{stockText(product.stock.stockLevelStatus)}</dd>
          </div>
        )}
      </dl>
      <FoodMarks marks={product.foodMarks} avoid={avoid} />
      {product.price ? (
        <p className={styles.price}>
          <strong>{product.price.formattedValue}</strong> {perUnit(product)}
          <span className={styles.vat}>{vatNote(product)}</span>
        </p>
      ) : null}
      <ProductOffer product={product} />
      <StockNote notice={product.stockNotice} />
      <AddToCart
        productCode={product.code}
        productName={product.name}
        minOrderQuantity={product.minOrderQuantity}
        disabled={soldOut}
        avoidWarnings={avoidWarnings(product.foodMarks, avoid)}
      />
    </article>
  );
}
