import type { CartState } from './cart-change';
import type { EntryRow } from './cart-queries';
import type { CartProduct } from './entries';
import type { CommerceProblem } from './problems';
import { lineProblem, MAX_LINES, MAX_QUANTITY } from './sellable';

/** One line of a bulk add as the customer sent it: its position (from 1), the code and the raw quantity. */
export interface BulkLine {
  line: number;
  code: string;
  quantity: unknown;
}

/** The reasons of docs/decisions-left-open.md#weekly-ordering, plus cartFull when the cart's 500-line cap is reached. */
export type BulkReason = 'unknownProduct' | 'notInRange' | 'belowMinimum' | 'badQuantity' | 'discontinued' | 'cartFull';

export interface BulkProblem {
  line: number;
  code: string;
  reason: BulkReason;
  message: string;
}

export type BulkWrite = { kind: 'insert'; entryNumber: number; productCode: string; quantity: number } | { kind: 'setQuantity'; entryNumber: number; quantity: number };

export interface BulkDecision {
  writes: BulkWrite[];
  /** The cart's lines after the add. */
  entries: EntryRow[];
  /** Entry numbers of the lines the add created or increased, in the order of the request. */
  touched: number[];
  problems: BulkProblem[];
}

/** A whole number of cases 1-9999 (a string of digits too), else undefined. */
export function bulkQuantity(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= MAX_QUANTITY ? number : undefined;
}

function reasonOf(problem: CommerceProblem): BulkReason {
  switch (problem.kind) {
    case 'productUnknown':
      return 'unknownProduct';
    case 'productOtherRange':
      return 'notInRange';
    case 'productDiscontinued':
      return 'discontinued';
    case 'belowMinimum':
      return 'belowMinimum';
    case 'cartFull':
      return 'cartFull';
    default:
      return 'badQuantity';
  }
}

function messageOf(problem: CommerceProblem, name: string | undefined, code: string): string {
  const product = name ? `${name} (${code})` : `Product ${code}`;
  switch (problem.kind) {
    case 'productUnknown':
      return `There is no product with the code ${code}`;
    case 'productOtherRange':
      return `${product} is not in the ${problem.range} range you are ordering for`;
    case 'productDiscontinued':
      return `${product} is no longer sold`;
    case 'belowMinimum':
      return `${product} must be ordered in at least ${problem.minimum} cases`;
    case 'quantityTooLarge':
      return `${product} cannot exceed ${problem.maximum} cases in one cart`;
    case 'cartFull':
      return `A cart holds at most ${problem.maximum} lines`;
    default:
      return `${product} cannot be added`;
  }
}

const rulesOf = (product: CartProduct) => ({ ...product, code: product.productCode });

/**
 * Adds many lines at once under the same rules as one add: a product named twice adds up (and is checked on
 * its total), a product already in the cart grows, every line that cannot be added is reported with its
 * line number and reason, and the rest goes in. Pure: the caller looks the products up and writes.
 */
export function decideBulkAdd(state: CartState, lines: BulkLine[], products: Map<string, CartProduct>): BulkDecision {
  const problems: BulkProblem[] = [];
  const byCode = new Map<string, { lines: BulkLine[]; quantity: number }>();
  for (const line of lines) {
    const quantity = bulkQuantity(line.quantity);
    if (quantity === undefined) {
      const name = products.get(line.code)?.name;
      problems.push({ line: line.line, code: line.code, reason: 'badQuantity', message: `${name ?? `Product ${line.code}`}: the quantity must be a whole number from 1 to ${MAX_QUANTITY}` });
      continue;
    }
    const group = byCode.get(line.code) ?? { lines: [], quantity: 0 };
    group.lines.push(line);
    group.quantity += quantity;
    byCode.set(line.code, group);
  }

  let entries = state.entries;
  let nextEntryNumber = entries.reduce((last, entry) => Math.max(last, entry.entryNumber), -1) + 1;
  const writes: BulkWrite[] = [];
  const touched: number[] = [];
  const refuse = (group: { lines: BulkLine[] }, problem: CommerceProblem, name: string | undefined) => {
    for (const line of group.lines) problems.push({ line: line.line, code: line.code, reason: reasonOf(problem), message: messageOf(problem, name, line.code) });
  };

  for (const [code, group] of byCode) {
    const existing = entries.find((entry) => entry.productCode === code);
    const product = existing ?? products.get(code);
    const total = (existing?.quantity ?? 0) + group.quantity;
    const problem = lineProblem(code, product && rulesOf(product), state.scope.range, total);
    if (problem || !product) {
      refuse(group, problem ?? { kind: 'productUnknown', productCode: code }, product?.name);
      continue;
    }
    if (existing) {
      entries = entries.map((entry) => (entry === existing ? { ...entry, quantity: total } : entry));
      writes.push({ kind: 'setQuantity', entryNumber: existing.entryNumber, quantity: total });
      touched.push(existing.entryNumber);
      continue;
    }
    if (entries.length >= MAX_LINES) {
      refuse(group, { kind: 'cartFull', maximum: MAX_LINES }, product.name);
      continue;
    }
    const entryNumber = nextEntryNumber++;
    entries = [...entries, { ...product, entryNumber, quantity: total }];
    writes.push({ kind: 'insert', entryNumber, productCode: code, quantity: total });
    touched.push(entryNumber);
  }
  problems.sort((a, b) => a.line - b.line);
  return { writes, entries, touched, problems };
}
