import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AddToCart } from '@/components/catalogue/add-to-cart';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { avoidWarnings } from '@/components/food/allergen-profile-words';
import { FoodInformation } from '@/components/food/food-information';
import { siteAvoid } from '@/components/food/site-avoid';
import { findProduct } from '@/lib/commerce/page-subjects';
import { perUnit, productImageSrc, stockText, vatNote } from '@/lib/commerce/product-text';
import { shopScope } from '@/lib/commerce/scope';
import styles from './product.module.css';
import { ProductOffer } from '@/components/pricing/product-offer';
import { StockNote } from '@/components/stock/stock-note';
import { BackInStockButton } from './back-in-stock-button';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findProduct((await params).code);
  return { title: result?.ok ? result.data.name : result ? 'Product' : 'Page not found' };
}

export default async function ProductPage({ params }: Props) {
  const result = await findProduct((await params).code);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const product = result.data;
  const avoid = await siteAvoid(await shopScope());
  return (
    <div className={styles.page}>
      <Breadcrumbs trail={[{ name: product.name }]} />
      <div className={styles.layout}>
        <div className={styles.imageBox}>
          {/* A same-origin SVG in a fixed box: nothing moves when it loads. */}
          <img src={productImageSrc(product.code)} alt={product.name} width={320} height={320} fetchPriority="high" />
        </div>
        <div className={styles.details}>
          <h1 className={styles.name}>{product.name}</h1>
          <p className={styles.brand}>{product.brand}</p>
          {product.price ? (
            <p className={styles.price}>
              <strong>{product.price.formattedValue}</strong> {perUnit(product)} <span>{vatNote(product)}</span>
            </p>
          ) : null}
          <ProductOffer product={product} />
          <dl className={styles.facts}>
            <dt>Product code</dt>
            <dd>{product.code}</dd>
            <dt>Pack size</dt>
            <dd>{product.packSize}</dd>
            <dt>Storage</dt>
            <dd>{product.storageText}</dd>
            <dt>Shelf life</dt>
            <dd>{product.shelfLifeDays} days</dd>
            <dt>Minimum order</dt>
            <dd>
              {product.minOrderQuantity} {product.minOrderQuantity === 1 ? 'case' : 'cases'}
            </dd>
            {product.stockNotice ? null : (
              <>
                <dt>Stock</dt>
                <dd>{stockText(product.stock.stockLevelStatus)}</dd>
              </>
            )}
          </dl>
          {/* A notice for the delivery date says more than the catalogue's stock status, and may say otherwise. */}
          <StockNote notice={product.stockNotice} id="stock-notice" />
          {product.stockNotice?.available === 0 ? <BackInStockButton productCode={product.code} describedBy="stock-notice" /> : null}
          <AddToCart
            productCode={product.code}
            productName={product.name}
            minOrderQuantity={product.minOrderQuantity}
            disabled={product.stock.stockLevelStatus === 'outOfStock'}
            avoidWarnings={avoidWarnings(product.foodMarks, avoid)}
          />
          {product.description ? (
            <section aria-labelledby="description">
              <h2 id="description" className={styles.subheading}>
                Description
              </h2>
              <p>{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>
      <FoodInformation product={product} avoid={avoid} />
    </div>
  );
}
