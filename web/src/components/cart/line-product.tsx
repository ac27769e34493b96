import Link from 'next/link';
import type { ReactNode } from 'react';
import { productHref, productImageSrc } from '@/lib/commerce/product-text';
import styles from './cart.module.css';

interface Props {
  code: string;
  name: string;
  /** Short lines under the name, each its own (pack size, storage, price per case). */
  facts: string[];
  /** Said under the facts, e.g. that the line is left out when saved. */
  children?: ReactNode;
}

/** A line's picture, linked name and facts, as the cart and the standing-order line editor show them. */
export function LineProduct({ code, name, facts, children }: Props) {
  return (
    <>
      <div className={styles.lineImage}>
        <img src={productImageSrc(code)} alt="" width={72} height={72} loading="lazy" decoding="async" />
      </div>
      <div className={styles.lineInfo}>
        <Link href={productHref(code)} prefetch={false} className={styles.lineName}>
          {name}
        </Link>
        {facts.map((fact) => (
          <span key={fact} className={styles.muted}>
            {fact}
          </span>
        ))}
        {children}
      </div>
    </>
  );
}
