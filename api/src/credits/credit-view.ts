import { money } from '../pricing/money';
import type { CreditLineRecord, CreditPhotoRecord, CreditRequestRecord } from './credit-queries';

/** A credit request as the storefront and the back office read it: amounts as Money, lines by entry number. */
export function creditRequestView(record: CreditRequestRecord, lines: CreditLineRecord[] | undefined) {
  const { request } = record;
  const decided = request.decidedAt !== null;
  return {
    code: request.code,
    orderCode: record.orderCode,
    status: request.status,
    shipTo: { code: request.shipToCode, name: record.shipToName },
    soldTo: request.soldToCode,
    requestedBy: { name: record.requestedBy.name },
    createdAt: request.createdAt.toISOString(),
    net: money(request.netPence),
    vat: money(request.vatPence),
    gross: money(request.grossPence),
    credited: request.creditedPence === null ? null : money(request.creditedPence),
    decision: decided
      ? { note: request.decisionNote, creditNoteNumber: request.creditNoteNumber, decidedAt: request.decidedAt?.toISOString() ?? null }
      : null,
    ...(lines ? { lines: lines.map(lineView) } : {}),
  };
}

function lineView(line: CreditLineRecord) {
  return {
    // Entry numbers are the order's line numbers, counted from 0 as the order API counts them.
    entryNumber: line.lineNumber,
    product: { code: line.productCode, name: line.name, packSize: line.packSize },
    orderedQuantity: line.orderedQuantity,
    deliveredQuantity: line.deliveredQuantity,
    receivedQuantity: line.receivedQuantity,
    damagedQuantity: line.damagedQuantity,
    quantity: line.quantity,
    reason: line.reason,
    note: line.note,
    unitPrice: money(line.unitPricePence),
    vatRateBp: line.vatRateBp,
    net: money(line.netPence),
    vat: money(line.vatPence),
    // Null until decided, and when a partly accepted decision named only an amount.
    creditedQuantity: line.creditedQuantity,
    creditedAmount: line.creditedPence === null ? null : money(line.creditedPence),
  };
}

/** The back office's view adds who decided and the check-in's photos. */
export function adminCreditRequestView(record: CreditRequestRecord, lines: CreditLineRecord[], photos: CreditPhotoRecord[]) {
  return {
    ...creditRequestView(record, lines),
    requestedBy: { name: record.requestedBy.name, email: record.requestedBy.email },
    decidedBy: record.request.decidedBy,
    photos: photos.map((photo) => ({ id: photo.id, contentType: photo.contentType, width: photo.width, height: photo.height })),
  };
}

const moneyJson = {
  type: 'object',
  required: ['currencyIso', 'valuePence', 'formattedValue'],
  properties: { currencyIso: { type: 'string' }, valuePence: { type: 'integer' }, formattedValue: { type: 'string' } },
} as const;

const lineJson = {
  type: 'object',
  required: ['entryNumber', 'product', 'quantity', 'reason', 'net', 'vat', 'creditedQuantity', 'creditedAmount'],
  properties: {
    entryNumber: { type: 'integer' },
    product: { type: 'object', required: ['code', 'name', 'packSize'], properties: { code: { type: 'string' }, name: { type: 'string' }, packSize: { type: 'string' } } },
    orderedQuantity: { type: 'integer' },
    deliveredQuantity: { type: ['integer', 'null'] },
    receivedQuantity: { type: ['integer', 'null'] },
    damagedQuantity: { type: ['integer', 'null'] },
    quantity: { type: 'integer' },
    reason: { type: 'string' },
    note: { type: ['string', 'null'] },
    unitPrice: moneyJson,
    vatRateBp: { type: 'integer' },
    net: moneyJson,
    vat: moneyJson,
    creditedQuantity: { type: ['integer', 'null'] },
    creditedAmount: { anyOf: [moneyJson, { type: 'null' }] },
  },
} as const;

const creditProperties = {
  code: { type: 'string' },
  orderCode: { type: 'string' },
  status: { type: 'string' },
  shipTo: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
  soldTo: { type: 'string' },
  requestedBy: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  createdAt: { type: 'string' },
  net: moneyJson,
  vat: moneyJson,
  gross: moneyJson,
  credited: { anyOf: [moneyJson, { type: 'null' }] },
  decision: {
    anyOf: [
      {
        type: 'object',
        required: ['note', 'creditNoteNumber', 'decidedAt'],
        properties: { note: { type: ['string', 'null'] }, creditNoteNumber: { type: ['string', 'null'] }, decidedAt: { type: ['string', 'null'] } },
      },
      { type: 'null' },
    ],
  },
  lines: { type: 'array', items: lineJson },
} as const;
const creditRequired = ['code', 'orderCode', 'status', 'shipTo', 'soldTo', 'requestedBy', 'createdAt', 'net', 'vat', 'gross', 'credited', 'decision'] as const;

/** Response schemas (JSON Schema, as Fastify serialises with them): what a customer reads. */
export const creditRequestJson = { type: 'object', required: [...creditRequired], properties: creditProperties } as const;
export const creditRequestListJson = { type: 'object', required: ['creditRequests'], properties: { creditRequests: { type: 'array', items: creditRequestJson } } } as const;

/** What the back office reads: the customer's view, the buyer's e-mail, who decided and the photos. */
export const adminCreditRequestJson = {
  type: 'object',
  required: [...creditRequired, 'decidedBy'],
  properties: {
    ...creditProperties,
    requestedBy: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string' } } },
    decidedBy: { type: ['string', 'null'] },
    photos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'contentType', 'width', 'height'],
        properties: { id: { type: 'integer' }, contentType: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } },
      },
    },
  },
} as const;
export const adminCreditRequestListJson = {
  type: 'object',
  required: ['creditRequests', 'hasMore'],
  properties: { creditRequests: { type: 'array', items: adminCreditRequestJson }, hasMore: { type: 'boolean' } },
} as const;
