import { z } from 'zod';
import { CHECKIN_REASONS } from './checkin-rules';

const quantity = z.number().int().min(0).max(9999);

/** POST …/orders/{code}/checkin: the lines that differ (or all of them); a line not named arrived as delivered. */
export const checkinBody = z.object({
  lines: z
    .array(
      z.object({
        entryNumber: z.number().int().min(0).max(10_000),
        receivedQuantity: quantity,
        damagedQuantity: quantity.default(0),
        reason: z.enum(CHECKIN_REASONS).nullish(),
        note: z.string().trim().max(500).nullish(),
      }),
    )
    .max(500),
});

export const checkinParams = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'must be an order code') });
/** POST …/checkin/photos?entryNumber=: the order line the photo shows; none for the delivery as a whole. */
export const photoQuery = z.object({ entryNumber: z.coerce.number().int().min(0).max(10_000).optional() });
export const photoParams = checkinParams.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const money = {
  type: 'object',
  required: ['currencyIso', 'valuePence', 'formattedValue'],
  properties: { currencyIso: { type: 'string' }, valuePence: { type: 'integer' }, formattedValue: { type: 'string' } },
} as const;
const nullable = (schema: object) => ({ anyOf: [{ type: 'null' }, schema] });
const creditRequestSummary = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    status: { type: 'string' },
    net: money,
    vat: money,
    gross: money,
    credited: nullable(money),
    creditNoteNumber: { type: ['string', 'null'] },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          entryNumber: { type: 'integer' },
          productCode: { type: 'string' },
          name: { type: 'string' },
          quantity: { type: 'integer' },
          reason: { type: 'string' },
          net: money,
          vat: money,
        },
      },
    },
  },
} as const;

/** The answers' shapes, for Fastify's serializer: nothing else leaves. */
export const checkinViewResponse = {
  200: {
    type: 'object',
    properties: {
      eligible: { type: 'boolean' },
      deadline: { type: ['string', 'null'] },
      reasonNotEligible: { type: 'string' },
      checkin: nullable({
        type: 'object',
        properties: {
          checkedInAt: { type: 'string' },
          checkedInBy: { type: 'string' },
          lines: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                entryNumber: { type: 'integer' },
                productCode: { type: 'string' },
                name: { type: 'string' },
                deliveredQuantity: { type: 'integer' },
                receivedQuantity: { type: 'integer' },
                damagedQuantity: { type: 'integer' },
                reason: { type: ['string', 'null'] },
                note: { type: ['string', 'null'] },
              },
            },
          },
        },
      }),
      photos: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, entryNumber: { type: ['integer', 'null'] }, url: { type: 'string' } } } },
      creditRequest: nullable(creditRequestSummary),
    },
  },
} as const;

const checkedIn = { type: 'object', properties: { creditRequest: nullable(creditRequestSummary) } } as const;
export const checkinResponse = { 200: checkedIn, 201: checkedIn } as const;
export const photoResponse = { 201: { type: 'object', properties: { id: { type: 'integer' }, url: { type: 'string' } } } } as const;

export const dueCheckinsResponse = {
  200: {
    type: 'object',
    properties: {
      deliveries: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            code: { type: 'string' },
            deliveryDate: { type: 'string' },
            shipTo: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } },
            deadline: { type: 'string' },
          },
        },
      },
    },
  },
} as const;
