'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCartUnits } from './cart-units';

/** docs/storefront-requirements.md §2: disabled at 0 units; from a cart page it goes on to checkout, from anywhere else to the cart. */
export function CheckoutButton({ units: serverUnits }: { units: number }) {
  const pathname = usePathname();
  const units = useCartUnits(serverUnits);
  if (units === 0) {
    return (
      <button type="button" className="button button-primary checkout-button" disabled>
        Checkout
      </button>
    );
  }
  const href = pathname.startsWith('/cart') ? '/cart/checkout/' : '/cart/';
  return (
    <Link href={href} className="button button-primary checkout-button" prefetch={false}>
      Checkout
    </Link>
  );
}
