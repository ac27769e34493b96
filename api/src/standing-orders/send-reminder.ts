import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { formatLondonIso } from '../delivery/london-time';
import { lineAmounts, sumTotals } from '../pricing/money';
import { writeEvent } from '../outbox/write-event';
import type { DeliveryState } from './delivery-service';
import { reminderEvent } from './reminder-event';
import type { ScopedStandingOrder } from './standing-queries';
import { splitSellable } from './standing-view';

/**
 * Queues the reminder of one delivery to the standing order's owner, with the lines as they stand now, in the
 * scheduler's transaction: it exists exactly when the job that wrote it is marked done.
 */
export async function sendReminder(tx: Tx, { standingOrder, scope }: ScopedStandingOrder, { delivery, entries }: DeliveryState): Promise<void> {
  const [owner] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, standingOrder.userId));
  if (!owner) throw new Error(`the owner of standing order ${standingOrder.code} vanished`);
  const { sellable, unavailable } = splitSellable(entries, scope.range);
  const lines = sellable.map((entry) => ({ entry, ...lineAmounts(entry.unitPricePence, entry.quantity, entry.vatRateBp) }));
  const totals = sumTotals(lines);
  await writeEvent(
    tx,
    reminderEvent({
      standingOrder: { code: standingOrder.code, name: standingOrder.name },
      deliveryDate: delivery.date,
      movedFrom: delivery.movedFrom,
      cutoff: formatLondonIso(delivery.cutoff),
      shipTo: { code: scope.shipToCode, name: scope.shipToName },
      recipient: owner,
      lines: lines.map(({ entry, netPence }) => ({
        productCode: entry.productCode,
        name: entry.name,
        packSize: entry.packSize,
        quantity: entry.quantity,
        unitPricePence: entry.unitPricePence,
        netPence,
      })),
      unavailable,
      ...totals,
    }),
  );
}
