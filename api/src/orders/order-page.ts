import { waitingFor } from '../spending-limits/approvers';
import type { DbOrTx } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { findShipToOrder, orderAddresses } from './order-queries';
import { orderView } from './order-view';

/**
 * One order as its page shows it to a user of its ship-to: who placed it, and whether this user may change it
 * (only the placer may, until the cut-off); colleagues see it as it is (docs/ordering-rules.md "Who sees an order").
 */
export async function orderForPage(db: DbOrTx, userId: number, code: string, now: Date): Promise<Result<ReturnType<typeof orderPageView>, { kind: 'orderNotFound'; code: string }>> {
  const record = await findShipToOrder(db, userId, code);
  if (!record) return fail({ kind: 'orderNotFound', code });
  return ok(orderPageView({ ...record, addresses: await orderAddresses(db, record.order), waitingFor: await waitingFor(db, record.order) }, userId, now));
}

function orderPageView(record: NonNullable<Awaited<ReturnType<typeof findShipToOrder>>>, userId: number, now: Date) {
  const view = orderView(record, now);
  const placedByYou = record.placedBy.userId === userId;
  return { ...view, amendable: view.amendable && placedByYou, placedBy: { name: record.placedBy.name }, placedByYou };
}
