import { z } from 'zod';

/** A promotion as /admin/v1/promotions answers (docs/promotions.md). */
export const promotionSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['percentOff', 'amountOff', 'fixedPrice', 'buyXGetY']),
  value: z.number(),
  buyQuantity: z.number().nullable(),
  freeQuantity: z.number().nullable(),
  minQuantity: z.number(),
  who: z.enum(['all', 'soldTos', 'groups']),
  audience: z.array(z.string()),
  what: z.enum(['products', 'categories']),
  targets: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  endedAt: z.string().nullable(),
  status: z.enum(['scheduled', 'live', 'ended']),
  version: z.number(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionListSchema = z.object({ promotions: z.array(promotionSchema), hasMore: z.boolean() });

export const PROMOTION_STATUSES = ['live', 'scheduled', 'ended'] as const;

/** The form's fields, as the form posts them and as the API's 400 names them. */
export const PROMOTION_FIELDS = ['code', 'name', 'kind', 'value', 'buyQuantity', 'freeQuantity', 'minQuantity', 'who', 'audience', 'what', 'targets', 'validFrom', 'validTo'] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];
export const isPromotionField = (value: unknown): value is PromotionField => (PROMOTION_FIELDS as readonly unknown[]).includes(value);

/** Money as the shop writes it: '£1.50'. Integer pence in, no floating point on the way. */
const pounds = (pence: number) => `£${Math.floor(pence / 100).toLocaleString('en-GB')}.${String(pence % 100).padStart(2, '0')}`;

/** Basis points as a percentage: 1000 → '10', 1250 → '12.5'. */
export const percent = (basisPoints: number) => `${Math.floor(basisPoints / 100)}${basisPoints % 100 ? `.${String(basisPoints % 100).padStart(2, '0').replace(/0$/, '')}` : ''}`;

/** What the offer is, in words: '10 % off', '£1.50 off a case', '£9.50 a case', 'Buy 3 get 1 free'. */
export function offerInWords(promotion: Pick<Promotion, 'kind' | 'value' | 'buyQuantity' | 'freeQuantity' | 'minQuantity'>): string {
  const offer = {
    percentOff: () => `${percent(promotion.value)} % off`,
    amountOff: () => `${pounds(promotion.value)} off a case`,
    fixedPrice: () => `${pounds(promotion.value)} a case`,
    buyXGetY: () => `Buy ${promotion.buyQuantity ?? 0} get ${promotion.freeQuantity ?? 0} free`,
  }[promotion.kind]();
  return promotion.minQuantity > 1 ? `${offer}, from ${promotion.minQuantity} cases` : offer;
}

export function whoInWords(promotion: Pick<Promotion, 'who' | 'audience'>): string {
  if (promotion.who === 'all') return 'Everyone';
  return `${promotion.who === 'soldTos' ? 'Sold-tos' : 'Groups'}: ${promotion.audience.join(', ')}`;
}

export function whatInWords(promotion: Pick<Promotion, 'what' | 'targets'>): string {
  return `${promotion.what === 'products' ? 'Products' : 'Categories'}: ${promotion.targets.join(', ')}`;
}

const wholeNumber = (label: string) => z.string().trim().regex(/^\d{1,5}$/, `${label}: a whole number`).transform(Number);
const list = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * The form as posted, turned into the API's body: a percentage into basis points and pounds into pence, read
 * exactly (no floating point); lists split as the CSV import splits them. The API checks the rest again.
 */
export const promotionFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the name customers read').max(120, 'At most 120 characters'),
    kind: z.enum(['percentOff', 'amountOff', 'fixedPrice', 'buyXGetY'], 'Choose what it takes off'),
    value: z.string().trim(),
    buyQuantity: z.string().trim(),
    freeQuantity: z.string().trim(),
    minQuantity: wholeNumber('Cases'),
    who: z.enum(['all', 'soldTos', 'groups'], 'Choose who may have it'),
    audience: z.string().max(20_000),
    what: z.enum(['products', 'categories'], 'Choose what it is on'),
    targets: z.string().max(20_000),
    validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date'),
    validTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date'),
  })
  .transform((form, context) => {
    const issue = (path: PromotionField, message: string) => {
      context.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    let value = 0;
    if (form.kind === 'percentOff') {
      const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(form.value);
      value = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
      if (value < 1 || value > 10_000) return issue('value', 'Enter a percentage from 0.01 to 100, e.g. 12.5');
    } else if (form.kind !== 'buyXGetY') {
      const match = /^£?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(form.value.replaceAll(',', ''));
      if (!match) return issue('value', 'Enter pounds a case, e.g. 1.50');
      value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    }
    const quantity = (field: 'buyQuantity' | 'freeQuantity', text: string) => (/^\d{1,5}$/.test(text) && Number(text) >= 1 ? Number(text) : issue(field, 'Enter 1 or more cases'));
    const buyXGetY = form.kind === 'buyXGetY';
    return {
      name: form.name,
      kind: form.kind,
      value,
      buyQuantity: buyXGetY ? quantity('buyQuantity', form.buyQuantity) : null,
      freeQuantity: buyXGetY ? quantity('freeQuantity', form.freeQuantity) : null,
      minQuantity: form.minQuantity,
      who: form.who,
      // Group names may hold spaces; codes are separated by spaces too (docs/promotions.md "CSV").
      audience: form.who === 'all' ? [] : list(form.audience, form.who === 'groups' ? /[,;|\n]+/ : /[\s,;|]+/),
      what: form.what,
      targets: list(form.targets, /[\s,;|]+/),
      validFrom: form.validFrom,
      validTo: form.validTo,
    };
  });
