'use client';

import Link from 'next/link';
import { useCartUnits, useQueuedUnits } from './cart-units';

/** docs/storefront-requirements.md §9: 'item' for 1, 'items' otherwise. */
export const itemLabel = (units: number) => (units === 1 ? 'item' : 'items');

/**
 * docs/storefront-requirements.md §9: the count is shown as the number, visually hidden above 999 (still read out).
 * Cases added or changed offline and not sent yet count too (docs/phone.md, "The offline cart").
 */
export function CartLink({ units: serverUnits }: { units: number }) {
  const queued = useQueuedUnits();
  const units = Math.max(0, useCartUnits(serverUnits) + queued);
  const large = units > 999;
  return (
    <Link href="/cart/" className="cart-link" prefetch={false} data-testid="cart-link">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="10" cy="20" r="1.6" fill="currentColor" />
        <circle cx="17" cy="20" r="1.6" fill="currentColor" />
      </svg>
      <span className="cart-count" data-testid="cart-count">
        <span className={large ? 'visually-hidden' : 'cart-count-number'}>{units}</span>
        <span className="visually-hidden">
          {' '}
          {itemLabel(units)} in cart{queued !== 0 ? ', with changes made offline waiting to be sent' : ''}
        </span>
      </span>
      <span className="cart-link-text" aria-hidden="true">
        {large ? 'Cart' : `${units} ${itemLabel(units)}`}
      </span>
    </Link>
  );
}
