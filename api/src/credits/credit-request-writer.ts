import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { creditRequestLines, creditRequests } from '../db/schema';
import type { Totals } from '../pricing/money';
import { writeCreditRequested, type CreditRequestedData } from './credit-events';
import { creditColleagues } from './credit-recipients';
import type { Cause } from '../tracing/cause';

/** One line to credit: the quantity, its reason and its price at the order line's own prices. */
export interface CreditRequestLineInput {
  entryNumber: number;
  productCode: string;
  name: string;
  quantity: number;
  reason: string;
  note: string | null;
  netPence: number;
  vatPence: number;
}

export interface NewCreditRequest {
  order: { id: number; code: string; shipToCode: string; soldToCode: string; deliveryDate: string };
  shipToName: string;
  lines: CreditRequestLineInput[];
  totals: Totals;
  requestedBy: { userId: number; name: string };
  /** Who the e-mail goes to: the order's buyer. */
  buyer: { userId: number; name: string; email: string };
  /** The request checking the order in: the credit request's events carry it (tracing/cause.ts). */
  cause: Cause;
}

export interface CreatedCreditRequest {
  id: number;
  code: string;
  status: 'requested';
}

/**
 * Makes a credit request (CR-000001…) with its lines and writes `credit.requested` (webhook, and the e-mails
 * of the ship-to's users) in the caller's transaction. One per order: the table's unique order keeps a second out, whoever asks.
 */
export async function createCreditRequest(tx: Tx, request: NewCreditRequest): Promise<CreatedCreditRequest> {
  const [created] = await tx
    .insert(creditRequests)
    .values({
      code: sql`'CR-' || lpad(nextval('credit_request_number_seq')::text, 6, '0')`,
      orderId: request.order.id,
      userId: request.requestedBy.userId,
      shipToCode: request.order.shipToCode,
      soldToCode: request.order.soldToCode,
      status: 'requested',
      netPence: request.totals.netPence,
      vatPence: request.totals.vatPence,
      grossPence: request.totals.grossPence,
    })
    .returning({ id: creditRequests.id, code: creditRequests.code });
  if (!created) throw new Error('credit request insert returned nothing');
  await tx.insert(creditRequestLines).values(
    request.lines.map((line) => ({ creditRequestId: created.id, lineNumber: line.entryNumber, quantity: line.quantity, reason: line.reason, netPence: line.netPence, vatPence: line.vatPence })),
  );
  const event: CreditRequestedData = {
    creditRequest: {
      code: created.code,
      orderCode: request.order.code,
      shipTo: request.order.shipToCode,
      shipToName: request.shipToName,
      soldTo: request.order.soldToCode,
      deliveryDate: request.order.deliveryDate,
      status: 'requested',
      lines: request.lines.map((line) => ({ entryNumber: line.entryNumber, productCode: line.productCode, name: line.name, quantity: line.quantity, reason: line.reason, note: line.note, net: line.netPence, vat: line.vatPence })),
      net: request.totals.netPence,
      vat: request.totals.vatPence,
      gross: request.totals.grossPence,
    },
    requestedBy: request.requestedBy,
    buyer: request.buyer,
  };
  await writeCreditRequested(tx, event, await creditColleagues(tx, request.order.shipToCode, request.buyer), request.cause);
  return { id: created.id, code: created.code, status: 'requested' };
}
