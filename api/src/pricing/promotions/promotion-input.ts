import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { categories, products, soldTos } from '../../db/schema';
import { isValidIsoDate } from '../../time/calendar-date';
import { PROMOTION_AUDIENCES, PROMOTION_KINDS, PROMOTION_TARGETS, type PromotionAudience, type PromotionKind, type PromotionTarget } from './promotion';

/**
 * A promotion as the back office supplies it (the API's body, an import row), checked by the rules of
 * docs/promotions.md. The same checks answer the API's 400 and the import's row report, so both name the same
 * field for the same fault.
 */
export interface PromotionFields {
  name: string;
  kind: PromotionKind;
  value: number;
  buyQuantity: number | null;
  freeQuantity: number | null;
  minQuantity: number;
  who: PromotionAudience;
  audience: string[];
  what: PromotionTarget;
  targets: string[];
  validFrom: string;
  validTo: string;
}

/** A promotion with its code (upper case). */
export type PromotionInput = PromotionFields & { code: string };

/** A refusal naming the field it blames and why. */
export interface PromotionFieldProblem {
  field: keyof PromotionInput;
  reason: string;
}

const CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;
export const NAME_MAX = 120;
/** 10000 basis points: 100 % off, the most a percentage can take. */
const PERCENT_MAX = 10_000;
/** £1,000,000 a case: far above any case we sell, well inside the 32-bit column. */
const PENCE_MAX = 100_000_000;
export const QUANTITY_MAX = 10_000;
/** Enough for a promotion on a whole range's products, few enough that one row stays readable. */
export const LIST_MAX = 1000;
const MEMBER_MAX = 60;

/** The kind, audience and date rules, beyond each field's own shape (docs/promotions.md "Rules"). */
export function promotionProblems(input: PromotionFields): PromotionFieldProblem[] {
  const problems: PromotionFieldProblem[] = [];
  if (input.kind === 'percentOff' && (input.value < 1 || input.value > PERCENT_MAX)) {
    problems.push({ field: 'value', reason: 'A percentage off is in basis points from 1 to 10000 (1000 = 10 %)' });
  }
  if ((input.kind === 'amountOff' || input.kind === 'fixedPrice') && (input.value < 0 || input.value > PENCE_MAX)) {
    problems.push({ field: 'value', reason: `Pence a case, from 0 to ${PENCE_MAX}` });
  }
  if (input.kind === 'buyXGetY') {
    if (input.value !== 0) problems.push({ field: 'value', reason: 'Buy X get Y takes no value: leave it 0' });
    if (input.buyQuantity === null) problems.push({ field: 'buyQuantity', reason: 'Buy X get Y needs the cases to buy (1 or more)' });
    if (input.freeQuantity === null) problems.push({ field: 'freeQuantity', reason: 'Buy X get Y needs the cases given free (1 or more)' });
  } else {
    if (input.buyQuantity !== null) problems.push({ field: 'buyQuantity', reason: 'Only buy X get Y has cases to buy' });
    if (input.freeQuantity !== null) problems.push({ field: 'freeQuantity', reason: 'Only buy X get Y has cases given free' });
  }
  if (input.who === 'all' && input.audience.length > 0) problems.push({ field: 'audience', reason: 'A promotion for everyone names no sold-tos or groups: leave it empty' });
  if (input.who === 'soldTos' && input.audience.length === 0) problems.push({ field: 'audience', reason: 'Name at least one sold-to code' });
  if (input.who === 'groups' && input.audience.length === 0) problems.push({ field: 'audience', reason: 'Name at least one customer group' });
  if (input.validTo < input.validFrom) problems.push({ field: 'validTo', reason: `Must be on or after the first day (${input.validFrom})` });
  return problems;
}

const isoDate = z.string().trim().refine(isValidIsoDate, 'must be a date, YYYY-MM-DD');
const quantity = z.number().int('must be a whole number').min(1).max(QUANTITY_MAX);
const members = z.array(z.string().trim().min(1).max(MEMBER_MAX)).max(LIST_MAX);

const fields = {
  name: z.string().trim().min(1).max(NAME_MAX),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number().int('must be a whole number').default(0),
  buyQuantity: quantity.nullish(),
  freeQuantity: quantity.nullish(),
  minQuantity: quantity.default(1),
  who: z.enum(PROMOTION_AUDIENCES),
  audience: members.default([]),
  what: z.enum(PROMOTION_TARGETS),
  targets: members.min(1, 'name at least one product code or category id'),
  validFrom: isoDate,
  validTo: isoDate,
};

/** A code as stored: upper case, so 'brie10' and 'BRIE10' are one promotion. */
export const promotionCode = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => CODE_PATTERN.test(code), "must be 1 to 40 letters, digits, '-' or '_'");

type Fields = z.infer<z.ZodObject<typeof fields>>;

const normalised = (body: Fields): PromotionFields => ({
  name: body.name,
  kind: body.kind,
  value: body.value,
  buyQuantity: body.buyQuantity ?? null,
  freeQuantity: body.freeQuantity ?? null,
  minQuantity: body.minQuantity,
  who: body.who,
  // Sold-to codes and category ids are kept as written; a repeated one is said once.
  audience: [...new Set(body.audience)],
  what: body.what,
  targets: [...new Set(body.targets)],
  validFrom: body.validFrom,
  validTo: body.validTo,
});

const refine = (input: PromotionFields, context: z.RefinementCtx) => {
  for (const problem of promotionProblems(input)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.reason });
};

/** The body of POST /admin/v1/promotions. */
export const newPromotionBody = z
  .strictObject({ code: promotionCode, ...fields })
  .transform(({ code, ...body }): PromotionInput => ({ code, ...normalised(body) }))
  .superRefine(refine);

/** The body of PUT /admin/v1/promotions/{code}: every field but the code, and the version the editor read. */
export const promotionChangeBody = z
  .strictObject({ version: z.number().int().min(1), ...fields })
  .transform(({ version, ...body }) => ({ version, fields: normalised(body) }))
  .superRefine(({ fields }, context) => refine(fields, context));

/** What a promotion names that does not exist: the field, and each code or group missing. */
export interface UnknownReferences {
  field: 'audience' | 'targets';
  missing: string[];
}

async function missingOf(wanted: string[], existing: (values: string[]) => Promise<(string | null)[]>): Promise<string[]> {
  if (wanted.length === 0) return [];
  const found = new Set(await existing(wanted));
  return wanted.filter((value) => !found.has(value));
}

/**
 * The sold-tos, customer groups, products or categories a promotion names that do not exist (first the
 * audience, then the targets); each value a bound parameter.
 */
export async function unknownReferences(db: DbOrTx, input: Pick<PromotionInput, 'who' | 'audience' | 'what' | 'targets'>): Promise<UnknownReferences | undefined> {
  const audience = await missingOf(input.who === 'all' ? [] : input.audience, async (values) =>
    input.who === 'soldTos'
      ? (await db.select({ value: soldTos.code }).from(soldTos).where(inArray(soldTos.code, values))).map((row) => row.value)
      : (await db.selectDistinct({ value: soldTos.customerGroup }).from(soldTos).where(inArray(soldTos.customerGroup, values))).map((row) => row.value),
  );
  if (audience.length > 0) return { field: 'audience', missing: audience };
  const targets = await missingOf(input.targets, async (values) =>
    input.what === 'products'
      ? (await db.select({ value: products.code }).from(products).where(inArray(products.code, values))).map((row) => row.value)
      : (await db.select({ value: categories.id }).from(categories).where(inArray(categories.id, values))).map((row) => row.value),
  );
  return targets.length > 0 ? { field: 'targets', missing: targets } : undefined;
}

/** The sentence an unknown reference is refused with, naming every missing code or group. */
export function unknownReferencesReason(unknown: UnknownReferences, who: PromotionAudience, what: PromotionTarget): string {
  const list = unknown.missing.map((value) => `'${value}'`).join(', ');
  if (unknown.field === 'audience') return who === 'groups' ? `No sold-to is in the customer group ${list}` : `Unknown sold-to codes: ${list}`;
  return what === 'products' ? `Unknown product codes: ${list}` : `Unknown category ids: ${list}`;
}
