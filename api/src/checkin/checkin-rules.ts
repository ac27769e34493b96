import { lineAmounts, sumTotals, type Totals } from '../pricing/money';
import type { CheckinProblem } from './problems';

/** Why a line differs from what was delivered (docs/after-delivery.md "Check-in at the door"). */
export const CHECKIN_REASONS = ['short', 'damaged', 'wrongProduct', 'quality', 'temperature', 'outOfDate'] as const;
export type CheckinReason = (typeof CHECKIN_REASONS)[number];

/** At most this many photos per order, each at most this large before re-encoding. */
export const MAX_PHOTOS_PER_ORDER = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** A decoded photo may have at most this many pixels (a 50-megapixel phone camera); more is refused unread. */
export const MAX_PHOTO_PIXELS = 50_000_000;
/**
 * At most this many photos are decoded at once in a process, together at most this many pixels (one photo of
 * the largest size, or several ordinary ones): a burst of uploads waits rather than taking the memory.
 */
export const MAX_CONCURRENT_PHOTO_DECODES = 2;
export const PHOTO_DECODE_PIXEL_BUDGET = MAX_PHOTO_PIXELS;
/** Photos are kept at most this wide or high: enough to see a crushed case, small enough to store. */
export const STORED_PHOTO_EDGE = 2048;

/** One order line as the check-in prices it: the snapshot taken when the order was placed or amended. */
export interface DeliveredLine {
  entryNumber: number;
  productCode: string;
  name: string;
  quantity: number;
  /** What the warehouse reported; a line it did not report went in full. */
  deliveredQuantity: number;
  unitPricePence: number;
  vatRateBp: number;
}

export interface CheckinLineInput {
  entryNumber: number;
  receivedQuantity: number;
  damagedQuantity: number;
  reason?: CheckinReason | null;
  note?: string | null;
}

/** A line as it is stored: every order line, those the buyer did not mention as fine. */
export interface CheckedLine {
  entryNumber: number;
  receivedQuantity: number;
  damagedQuantity: number;
  reason: CheckinReason | null;
  note: string | null;
}

export interface CreditLine {
  entryNumber: number;
  productCode: string;
  name: string;
  quantity: number;
  reason: CheckinReason;
  note: string | null;
  netPence: number;
  vatPence: number;
}

export interface CheckinOutcome {
  lines: CheckedLine[];
  /** The lines to credit; empty when everything arrived as delivered. */
  credit: CreditLine[];
  totals: Totals;
}

/**
 * The check-in's arithmetic, with no database: every entry named once and on the order, received at most what
 * was delivered, damaged at most what was received, a reason on every line that differs. A line's credited
 * quantity is what did not arrive plus what arrived damaged, so never more than was delivered, priced at the
 * order line's own unit price and VAT rate.
 */
export function checkIn(delivered: DeliveredLine[], input: CheckinLineInput[]): { ok: true; value: CheckinOutcome } | { ok: false; problem: CheckinProblem } {
  const byEntry = new Map(delivered.map((line) => [line.entryNumber, line]));
  const given = new Map<number, CheckinLineInput>();
  for (const [index, line] of input.entries()) {
    const order = byEntry.get(line.entryNumber);
    if (!order) return { ok: false, problem: { kind: 'unknownEntry', index, entryNumber: line.entryNumber } };
    if (given.has(line.entryNumber)) return { ok: false, problem: { kind: 'repeatedEntry', index, entryNumber: line.entryNumber } };
    if (line.receivedQuantity > order.deliveredQuantity) {
      return { ok: false, problem: { kind: 'receivedMoreThanDelivered', index, entryNumber: line.entryNumber, delivered: order.deliveredQuantity } };
    }
    if (line.damagedQuantity > line.receivedQuantity) return { ok: false, problem: { kind: 'damagedMoreThanReceived', index, entryNumber: line.entryNumber } };
    const differs = line.receivedQuantity < order.deliveredQuantity || line.damagedQuantity > 0;
    if (differs && !line.reason) return { ok: false, problem: { kind: 'reasonMissing', index, entryNumber: line.entryNumber } };
    given.set(line.entryNumber, line);
  }
  const lines: CheckedLine[] = [];
  const credit: CreditLine[] = [];
  for (const order of delivered) {
    const line = given.get(order.entryNumber);
    const received = line?.receivedQuantity ?? order.deliveredQuantity;
    const damaged = line?.damagedQuantity ?? 0;
    const quantity = order.deliveredQuantity - received + damaged;
    const reason = quantity > 0 ? (line?.reason ?? null) : null;
    const note = line?.note?.trim() || null;
    lines.push({ entryNumber: order.entryNumber, receivedQuantity: received, damagedQuantity: damaged, reason, note });
    if (quantity > 0 && reason) {
      credit.push({ entryNumber: order.entryNumber, productCode: order.productCode, name: order.name, quantity, reason, note, ...lineAmounts(order.unitPricePence, quantity, order.vatRateBp) });
    }
  }
  return { ok: true, value: { lines, credit, totals: sumTotals(credit) } };
}
