import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderLines, orders, shipToRanges, shipTos } from '../db/schema';
import type { Totals } from '../pricing/money';
import { DELIVERY_CHARGE, minimumOrderShortfall } from '../pricing/delivery-charge/delivery-charge';
import { priceCharges } from '../pricing/price-lines';
import type { OrderLineSnapshot } from './order-line-snapshot';
import type { Clock } from '../delivery/delivery-dates';
import { fail, ok, type Result } from '../errors/result';
import { checkLimits, orderToCheck, type ApprovalReason } from '../spending-limits/limit-check';
import { amendOutcome, waitsForDecision, type AmendOutcome } from '../spending-limits/amend-approval';
import { decidersOf, type DecidingTier } from '../spending-limits/approvers';
import { formatLondonIso } from '../time/london-time';
import type { Cause } from '../tracing/cause';
import { orderCutoff } from './order-cutoff';
import type { PlaceProblem } from '../order-status/problems';
import { requestPlacement } from '../order-status/request-placement';
import { erpMayActOn } from '../order-status/order-status';
import { orderEvent } from '../order-status/order-event';
import type { Mover } from '../order-status/order-in-process';
import { writeEvent } from '../outbox/write-event';
import { priceContext, type MinimumOrderTerms } from '../pricing/price-adjuster';
import { amendedProducts, priceAmendedLines, type WantedLine } from './amended-lines';
import { changeOwnedOrder, onOwnedOrder, type LockedOrder, type OrderChangeOutcome } from './order-change';
import type { OrderChangeProblem } from './problems';

export interface Amendment {
  entries: WantedLine[];
  /** Undefined keeps the order's value; null clears it. */
  purchaseOrderNumber?: string | null;
  deliveryInstructions?: string | null;
}

/**
 * Replaces an order's lines, PO number and instructions until its cut-off. Prices, VAT and totals are taken
 * again from the sold-to's prices as they stand now for the order's delivery date (offers and dated prices of
 * that date), as if the order were placed now, and the limits are checked again (docs/approvals.md "Amending"; the outcomes in spending-limits/amend-approval.ts).
 */
export async function amendOrder(db: Db, clock: Clock, user: { id: number; username: string; cause: Cause }, code: string, amendment: Amendment): Promise<OrderChangeOutcome> {
  return changeOwnedOrder(db, clock, user.id, code, (tx, locked) => writeAmendment(tx, locked, { changedBy: `customer:${user.username}`, trace: user.cause }, amendment));
}

export interface AmendmentPreview {
  outcome: AmendOutcome;
  /** Whether saving leaves the order waiting for a decision. */
  needsApproval: boolean;
  /** The order's net total after the change, in pence. */
  netPence: number;
  reasons: ApprovalReason[];
  /** Who would decide (approvers.ts), when the order would wait for a decision; else null. */
  decidedBy: { tier: DecidingTier; names: string[] } | null;
  /** The decision's deadline, the order's cut-off (ISO 8601 in London's offset): undecided, it expires then. */
  deadline: string;
}

/**
 * What saving this amendment would do to the order's approval, worked out as saving does (same prices, same
 * check, on the locked order) and written nowhere: the edit page says it before the buyer saves.
 */
export async function previewAmendment(db: Db, clock: Clock, userId: number, code: string, amendment: Amendment): Promise<Result<AmendmentPreview, OrderChangeProblem>> {
  return onOwnedOrder(db, clock, userId, code, async (tx, locked): Promise<Result<AmendmentPreview, OrderChangeProblem>> => {
    const priced = await priceAmendment(tx, locked, amendment);
    if (!priced.ok) return priced;
    const { order } = locked;
    const netPence = priced.value.totals.netPence;
    const reasons = await checkLimits(tx, { ...orderToCheck(order), netPence });
    const outcome = amendOutcome(order, { netPence, reasons });
    const needsApproval = waitsForDecision(outcome);
    // Who decides depends on the total (an approver decides up to their own limit): the new one.
    const deciders = needsApproval ? await decidersOf(tx, { ...order, netPence }) : null;
    return ok({
      outcome,
      needsApproval,
      netPence,
      reasons,
      decidedBy: deciders && { tier: deciders.tier, names: deciders.users.map((user) => user.name) },
      deadline: formatLondonIso(orderCutoff(order.deliveryDate, locked.cutoffTime)),
    });
  });
}

/** The ship-to's minimum order for the order's range as it stands now, as checkout would read it. */
async function minimumOrderTerms(tx: Tx, order: { shipToCode: string; range: string }): Promise<MinimumOrderTerms> {
  const [terms] = await tx
    .select({ minimumOrderPence: shipToRanges.minimumOrderPence, belowMinimum: shipToRanges.belowMinimum, deliveryChargePence: shipToRanges.deliveryChargePence })
    .from(shipToRanges)
    .where(and(eq(shipToRanges.shipToCode, order.shipToCode), eq(shipToRanges.range, order.range)));
  return terms ?? { minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null };
}

/**
 * The amended lines priced as checkout prices them, the delivery charge included: an amendment that takes an
 * order below a minimum that refuses is refused, one below a minimum that charges is charged, and one that
 * reaches the minimum loses its charge (docs/minimum-order.md).
 */
async function priceAmendment(tx: Tx, locked: LockedOrder, amendment: Amendment): Promise<Result<{ lines: OrderLineSnapshot[]; totals: Totals; deliveryChargePence: number; deliveryChargeVatPence: number }, OrderChangeProblem>> {
  const { order } = locked;
  const context = priceContext({ soldToCode: order.soldToCode, shipToCode: order.shipToCode, range: order.range, ...(await minimumOrderTerms(tx, order)) }, order.deliveryDate);
  const products = await amendedProducts(tx, context, amendment.entries);
  const priced = priceAmendedLines(amendment.entries, products, {
    owner: locked.owner,
    purchaseOrderRequired: locked.purchaseOrderRequired,
    purchaseOrderNumber: amendment.purchaseOrderNumber === undefined ? order.purchaseOrderNumber : amendment.purchaseOrderNumber,
    range: order.range,
  });
  if (!priced.ok) return priced;
  const shortfall = minimumOrderShortfall(context.minimumOrder, priced.value.totals.netPence);
  if (shortfall?.belowMinimum === 'refuse') return fail({ kind: 'belowMinimumOrder', minimumOrderPence: shortfall.minimumOrderPence, shortPence: shortfall.shortPence });
  const { totals, charges } = priceCharges(context, priced.value.totals);
  const delivery = charges.find((charge) => charge.kind === DELIVERY_CHARGE);
  return ok({ lines: priced.value.lines, totals, deliveryChargePence: delivery?.netPence ?? 0, deliveryChargeVatPence: delivery?.vatPence ?? 0 });
}

async function writeAmendment(tx: Tx, locked: LockedOrder, { changedBy, trace }: Pick<Mover, 'changedBy' | 'trace'>, amendment: Amendment): Promise<Result<void, OrderChangeProblem>> {
  const { order } = locked;
  const priced = await priceAmendment(tx, locked, amendment);
  if (!priced.ok) return priced;

  const before = await tx.delete(orderLines).where(eq(orderLines.orderId, order.id)).returning({ productCode: orderLines.productCode, allowSubstitute: orderLines.allowSubstitute });
  // A product kept keeps its "Allow a substitute"; a new one takes the ship-to's default, as a new cart line does (docs/substitutions.md).
  const allowed = new Map(before.map((line) => [line.productCode, line.allowSubstitute]));
  const siteDefault = sql<boolean>`(select ${shipTos.allowSubstitutes} from ${shipTos} where ${shipTos.code} = ${order.shipToCode})`;
  const lines = await tx
    .insert(orderLines)
    .values(priced.value.lines.map((line) => ({ ...line, orderId: order.id, allowSubstitute: allowed.get(line.productCode) ?? siteDefault })))
    .returning();
  const [written] = await tx
    .update(orders)
    .set({
      purchaseOrderNumber: amendment.purchaseOrderNumber === undefined ? order.purchaseOrderNumber : amendment.purchaseOrderNumber,
      deliveryInstructions: amendment.deliveryInstructions === undefined ? order.deliveryInstructions : amendment.deliveryInstructions,
      ...priced.value.totals,
      deliveryChargePence: priced.value.deliveryChargePence,
      deliveryChargeVatPence: priced.value.deliveryChargeVatPence,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!written) throw new Error(`order ${order.code} vanished while locked`);
  // Asked once the new total is written, as checkout asks (orders/order-writer.ts): the lines passed canPlace above.
  const by = { changedBy, operatorId: null, cause: 'amendment' as const, trace };
  const placed = await requestPlacement(tx, { ...locked, order: written, lines, from: order.status, by, note: null, before: order, linesCheckedNow: true });
  if (!placed.ok) return fail(placed.problem.kind === 'transitionNotAllowed' ? { kind: 'statusClosed', code: order.code, status: order.status } : asChangeProblem(placed.problem));
  // An order that stays placed (or confirmed) is amended as the ERP and the buyer see it; a move wrote its own event.
  if (placed.value.order.status === order.status && erpMayActOn(order.status)) {
    await writeEvent(tx, orderEvent('order.amended', { order: placed.value.order, shipToName: locked.shipToName, lines }, locked.placedBy, trace));
  }
  return ok(undefined);
}

/** A placement policy's refusal in an amendment's words: a refused line is the request's bad line. */
function asChangeProblem(problem: PlaceProblem): OrderChangeProblem {
  switch (problem.kind) {
    case 'linesNotOrderable': {
      const [first] = problem.lines;
      if (!first) throw new Error('linesNotOrderable without a line');
      return { kind: 'badLine', index: first.index, problem: first.problem };
    }
    case 'emptyCart':
    case 'nothingSellable':
      throw new Error(`an amendment with lines was refused as ${problem.kind}`);
    default:
      return problem;
  }
}
