import { RANGES, type Range } from '../../../../accounts/ship-tos';
import type { RowReader } from '../../row-reader';

export interface SoldToImport {
  record: 'soldTo';
  code: string;
  name: string;
  /**
   * The e-mail of the `sales` operator who looks after it (docs/back-office.md "Sales reps"): replaces its reps
   * with that one; left out, its reps stay as they are.
   */
  salesRep?: string;
}

export interface ShipToImport {
  record: 'shipTo';
  code: string;
  name: string;
  soldToCode: string;
  addressLine1: string;
  town: string;
  postcode: string;
  /** The site's phone number for the call list; null: none (an empty cell or no column clears it). */
  phone: string | null;
  cutoffTime: string;
  purchaseOrderRequired: boolean;
  ranges: { range: Range; deliveryWeekdays: number[] }[];
  /** The minimum orders the file sets (docs/minimum-order.md); a range it leaves out keeps what is stored. */
  minimumOrders: MinimumOrderImport[];
}

/** A range's minimum order as a file sets it: all null for "none", which removes it. */
export interface MinimumOrderImport {
  range: Range;
  minimumOrderPence: number | null;
  belowMinimum: 'charge' | 'refuse' | null;
  deliveryChargePence: number | null;
}

export interface UserImport {
  record: 'user';
  username: string;
  customerId: string;
  name: string;
  status: 'active' | 'disabled';
  shipTos: string[];
  /** Only used when the user is new: an import never resets a password. */
  password?: string;
  /** The password's hash, made before the write's transaction opens (new-passwords.ts). */
  passwordHash?: string;
}

export type CustomerImportRow = SoldToImport | ShipToImport | UserImport;

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const RECORDS = ['soldTo', 'shipTo', 'user'] as const;

/** "CHIL: Mon Wed Fri; DAIR: Tue Thu" (or ISO numbers, 1 = Monday) into each range's delivery weekdays. */
export function parseDeliveryDays(text: string): ShipToImport['ranges'] | string {
  const parts = text.split(/[;|\n]/).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return 'Required: each range and its delivery days, e.g. "DAIR: Tue Fri"';
  const ranges: ShipToImport['ranges'] = [];
  for (const part of parts) {
    const match = /^([A-Za-z]+)\s*[:=]\s*(.+)$/.exec(part);
    const range = RANGES.find((candidate) => candidate === match?.[1]?.toUpperCase());
    if (!match?.[2] || !range) return `'${part}' must be a range (${RANGES.join(' or ')}) then its days, e.g. "DAIR: Tue Fri"`;
    if (ranges.some((known) => known.range === range)) return `Range ${range} is given twice`;
    const days = new Set<number>();
    for (const word of match[2].split(/[\s,]+/).filter(Boolean)) {
      const day = /^[1-7]$/.test(word) ? Number(word) : WEEKDAYS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
      if (day < 1) return `'${word}' is not a weekday (Mon … Sun or 1 … 7)`;
      days.add(day);
    }
    ranges.push({ range, deliveryWeekdays: [...days].sort((a, b) => a - b) });
  }
  return ranges;
}

/** Pounds as written in a minimum ("150", "150.00", "£1,500.00") into whole pence above nothing, or undefined. */
function poundsToPence(text: string): number | undefined {
  const match = /^£?(\d{1,3}(?:,\d{3})*|\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match?.[1]) return undefined;
  const pence = Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > 0 && pence <= 10_000_000 ? pence : undefined;
}

const MINIMUM_HINT = 'e.g. "DAIR: 150.00 charge 15.00; CHIL: 80.00 refuse" or "DAIR: none"';

/**
 * "DAIR: 150.00 charge 15.00; CHIL: 80.00 refuse; …" into each range's minimum order: the minimum net value in
 * pounds, then "charge" and the delivery charge below it, or "refuse"; "none" removes a range's minimum. Each
 * range must be one the row delivers.
 */
export function parseMinimumOrders(text: string, ranges: readonly Range[]): MinimumOrderImport[] | string {
  const parts = text.split(/[;|\n]/).map((part) => part.trim()).filter(Boolean);
  const minimums: MinimumOrderImport[] = [];
  for (const part of parts) {
    const match = /^([A-Za-z]+)\s*[:=]\s*(.+)$/.exec(part);
    const range = RANGES.find((candidate) => candidate === match?.[1]?.toUpperCase());
    if (!match?.[2] || !range) return `'${part}' must be a range then its minimum, ${MINIMUM_HINT}`;
    if (!ranges.includes(range)) return `Range ${range} has no delivery days on this row: a minimum needs its range in deliveryDays`;
    if (minimums.some((known) => known.range === range)) return `Range ${range} is given twice`;
    const words = match[2].trim().split(/\s+/);
    if (words.length === 1 && words[0]?.toLowerCase() === 'none') {
      minimums.push({ range, minimumOrderPence: null, belowMinimum: null, deliveryChargePence: null });
      continue;
    }
    const minimumOrderPence = poundsToPence(words[0] ?? '');
    const mode = words[1]?.toLowerCase();
    if (minimumOrderPence === undefined) return `'${words[0]}' is not a minimum in pounds above 0 (${MINIMUM_HINT})`;
    if (mode === 'refuse' && words.length === 2) {
      minimums.push({ range, minimumOrderPence, belowMinimum: 'refuse', deliveryChargePence: null });
      continue;
    }
    const deliveryChargePence = mode === 'charge' && words.length === 3 ? poundsToPence(words[2] ?? '') : undefined;
    if (deliveryChargePence === undefined) return `'${part}' must say "charge" and the charge in pounds, or "refuse" (${MINIMUM_HINT})`;
    minimums.push({ range, minimumOrderPence, belowMinimum: 'charge', deliveryChargePence });
  }
  return minimums;
}

function readShipTo(reader: RowReader): ShipToImport | undefined {
  const code = reader.code('code');
  const name = reader.text('name', { max: 120 });
  const soldToCode = reader.code('soldTo');
  const addressLine1 = reader.text('address', { max: 200 });
  const town = reader.text('town', { max: 80 });
  const postcode = reader.text('postcode', { max: 12 });
  const phone = reader.text('phone', { max: 30, optional: true, pattern: /^\+?[0-9][0-9 ()-]{5,28}$/, patternHint: 'Must be a phone number: digits, spaces, brackets and dashes, e.g. 01947 600123' }) ?? null;
  const cutoffTime = reader.text('cutoff', { max: 5, optional: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, patternHint: 'Must be a time of day HH:MM (Europe/London), e.g. 14:00' }) ?? '14:00';
  const purchaseOrderRequired = reader.boolean('poRequired', false);
  const days = parseDeliveryDays(reader.text('deliveryDays', { max: 200, optional: true }) ?? '');
  if (typeof days === 'string') reader.problem('deliveryDays', days);
  const minimums = parseMinimumOrders(reader.text('minimumOrder', { max: 200, optional: true }) ?? '', typeof days === 'string' ? [] : days.map((day) => day.range));
  if (typeof minimums === 'string' && typeof days !== 'string') reader.problem('minimumOrder', minimums);
  if (reader.problems.length > 0 || typeof days === 'string' || typeof minimums === 'string' || !code || !name || !soldToCode || !addressLine1 || !town || !postcode || purchaseOrderRequired === undefined) return undefined;
  return { record: 'shipTo', code, name, soldToCode, addressLine1, town, postcode, phone, cutoffTime, purchaseOrderRequired, ranges: days, minimumOrders: minimums };
}

function readUser(reader: RowReader): UserImport | undefined {
  const username = reader.text('email', { max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternHint: 'Must be an e-mail address' })?.toLowerCase();
  const customerId = reader.code('customerId');
  const name = reader.text('name', { max: 120 });
  const status = reader.oneOf('status', ['active', 'disabled'] as const, 'active');
  const shipToCodes = reader.list('shipTos');
  const password = reader.text('password', { max: 1024, optional: true });
  if (password !== undefined && password.length < 10) reader.problem('password', 'At least 10 characters');
  if (reader.problems.length > 0 || !username || !customerId || !name || !status) return undefined;
  return { record: 'user', username, customerId, name, status, shipTos: [...new Set(shipToCodes)], ...(password ? { password } : {}) };
}

/** One row of a customers file, by its `record` column; undefined when the reader noted a problem. */
export function readCustomerRow(reader: RowReader): CustomerImportRow | undefined {
  const record = reader.oneOf('record', RECORDS);
  if (record === 'soldTo') {
    const code = reader.code('code');
    const name = reader.text('name', { max: 120 });
    const salesRep = reader.text('salesRep', { max: 254, optional: true, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternHint: 'Must be the e-mail address of a sales operator' })?.toLowerCase();
    return code && name && reader.problems.length === 0 ? { record, code, name, ...(salesRep ? { salesRep } : {}) } : undefined;
  }
  if (record === 'shipTo') return readShipTo(reader);
  if (record === 'user') return readUser(reader);
  return undefined;
}
