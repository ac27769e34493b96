import type { Order } from '@/lib/commerce/types';
import styles from './orders.module.css';

/** Where the order goes and which customer account it is for: the top of a printed order. */
export function OrderAddresses({ order }: { order: Pick<Order, 'shipTo' | 'soldTo' | 'soldToName'> }) {
  const shipTo = order.shipTo;
  if (!shipTo) return null;
  return (
    <div className={styles.addresses}>
      <section aria-labelledby="deliver-to">
        <h2 id="deliver-to">Deliver to</h2>
        <p>{shipTo.name}</p>
        {shipTo.address ? (
          <>
            <p>{shipTo.address.line1}</p>
            <p>
              {shipTo.address.town} {shipTo.address.postalCode}
            </p>
          </>
        ) : null}
        <p className={styles.muted}>Account {shipTo.code}</p>
      </section>
      {order.soldTo ? (
        <section aria-labelledby="invoice-to">
          <h2 id="invoice-to">Customer</h2>
          {order.soldToName ? <p>{order.soldToName}</p> : null}
          <p className={styles.muted}>Sold-to {order.soldTo}</p>
        </section>
      ) : null}
    </div>
  );
}
