/** Money as every answer of the API carries it (pricing/money.ts). */
const moneySchema = {
  type: 'object',
  properties: { currencyIso: { type: 'string' }, valuePence: { type: 'integer' }, formattedValue: { type: 'string' } },
} as const;

/** A sold-to's credit in an answer: the limit, what it owes and has on order, what is left, and its hold. */
export const creditStandingSchema = {
  type: 'object',
  properties: {
    limit: moneySchema,
    exposure: moneySchema,
    available: moneySchema,
    onHold: { type: 'boolean' },
    reason: { type: ['string', 'null'] },
  },
} as const;
