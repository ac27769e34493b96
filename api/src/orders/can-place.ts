import type { EntryRow } from '../carts/cart-queries';
import { lineProblem } from '../carts/sellable';
import { fail, ok, type Result } from '../errors/result';
import type { Totals } from '../pricing/money';
import { rowTotals } from '../pricing/price-lines';
import type { PlaceProblem } from './problems';

/** Order amounts are stored as 32-bit integers of pence. */
export const MAX_ORDER_PENCE = 2_147_483_647;

/** An order about to be written, from checkout, an amendment or a standing order's delivery. */
export interface PlaceCandidate<L extends EntryRow = EntryRow> {
  /** The user the order is placed for: a disabled user places nothing, however the order comes. */
  owner: { status: string };
  purchaseOrderRequired: boolean;
  purchaseOrderNumber: string | null;
  range: string;
  /** The lines with their products priced for the sold-to now, by the pricing pipeline (pricing/price-lines.ts). */
  lines: L[];
  /**
   * What a line no longer sold does: the customer at checkout or amending is told ('refuse'); a standing
   * order's delivery leaves it out, as its reminder said it would ('leaveOut').
   */
  unsellable: 'refuse' | 'leaveOut';
}

export interface Placeable<L extends EntryRow = EntryRow> {
  /** The lines to order: all of them, or those still sold when unsellable lines are left out. */
  lines: L[];
  totals: Totals;
}

/**
 * The one rule for whether an order may be placed now (docs/ordering-rules.md): an active owner, lines that
 * are sold (the cart's rule, carts/sellable.ts), a total an order can hold, and a PO number where the ship-to
 * requires one. The first problem is the answer.
 */
export function canPlace<L extends EntryRow>(candidate: PlaceCandidate<L>): Result<Placeable<L>, PlaceProblem> {
  if (candidate.owner.status !== 'active') return fail({ kind: 'ownerDisabled' });
  if (candidate.lines.length === 0 && candidate.unsellable === 'refuse') return fail({ kind: 'emptyCart' });
  const refused: { index: number; productCode: string; problem: NonNullable<ReturnType<typeof lineProblem>> }[] = [];
  const sellable: L[] = [];
  for (const [index, line] of candidate.lines.entries()) {
    const problem = lineProblem(line.productCode, { ...line, code: line.productCode }, candidate.range, line.quantity);
    if (problem) refused.push({ index, productCode: line.productCode, problem });
    else sellable.push(line);
  }
  if (refused.length > 0 && candidate.unsellable === 'refuse') return fail({ kind: 'linesNotOrderable', lines: refused });
  if (sellable.length === 0) return fail({ kind: 'nothingSellable' });
  const totals = rowTotals(sellable);
  if (totals.grossPence > MAX_ORDER_PENCE) return fail({ kind: 'orderTooLarge', maximumPence: MAX_ORDER_PENCE });
  if (candidate.purchaseOrderRequired && !candidate.purchaseOrderNumber) return fail({ kind: 'purchaseOrderMissing' });
  return ok({ lines: sellable, totals });
}
