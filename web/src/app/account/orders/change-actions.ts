'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { failed, failedWith, IDLE, type ActionState } from '@/lib/forms/action-state';
import { errorText } from '@/lib/commerce/error-text';
import { closedOrderText } from '@/components/orders/order-status';
import { orderChangeProblem, orderChangeSchema, type OrderChangeInput } from '@/lib/commerce/order-change-schema';
import type { AmendmentCheck } from '@/lib/commerce/amend-check';
import { amendOrder, cancelOrder, checkAmendment, getOrder, type OrderAmendment } from '@/lib/commerce/orders';
import { getProduct } from '@/lib/commerce/products';
import { shopScope, type ShopScope } from '@/lib/commerce/scope';
import type { Order } from '@/lib/commerce/types';
import type { AppError } from '@/lib/errors/app-error';
import { LIMITS } from '@/lib/limits';

const codeSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);

export type SaveOrderAnswer =
  | { ok: true; order: Order }
  | { ok: false; message: string; network?: boolean; line?: number; field?: 'purchaseOrderNumber' | 'deliveryInstructions' };

/** "entries.2.quantity" → 2: the line an API refusal is about. */
const lineOf = (subject: string | undefined): number | undefined => {
  const match = /^entries\.(\d+)\./.exec(subject ?? '');
  return match ? Number(match[1]) : undefined;
};

/**
 * A refusal as the customer reads it. The API names the order's status by its internal value ("is picking"): a
 * refusal for the status (moved on by the warehouse meanwhile) is worded from the order as it is now instead.
 */
async function refusalText(scope: ShopScope, code: string, error: AppError): Promise<string> {
  if (error.reason !== 'notAmendable') return errorText(error);
  const order = await getOrder(scope, code);
  return order.ok ? closedOrderText(order.data.code, order.data.status) : errorText(error);
}

/**
 * Saves the edited order in one call: the API replaces the lines, PO and instructions and answers the order
 * repriced at today's prices. A refusal (a line, the cut-off, a status the ERP set meanwhile) comes back as a
 * message and the form keeps what was typed.
 */
export async function saveOrderChanges(orderCode: unknown, input: OrderChangeInput): Promise<SaveOrderAnswer> {
  const request = await amendmentRequest(orderCode, input);
  if (!request.ok) return request;
  const result = await amendOrder(request.scope, request.code, request.amendment);
  if (result.ok) return { ok: true, order: result.data };
  return refused(request.scope, request.code, result.error);
}

export type CheckOrderAnswer = { ok: true; check: AmendmentCheck } | Problem;

/**
 * Asks, before saving, what saving would do to the order's approval (held again, kept, placed), so the page
 * can say so first. Refused like a save (a line, the cut-off): the form then shows why, as saving would.
 */
export async function checkOrderChanges(orderCode: unknown, input: OrderChangeInput): Promise<CheckOrderAnswer> {
  const request = await amendmentRequest(orderCode, input);
  if (!request.ok) return request;
  const result = await checkAmendment(request.scope, request.code, request.amendment);
  if (result.ok) return { ok: true, check: result.data };
  return refused(request.scope, request.code, result.error);
}

type Problem = Extract<SaveOrderAnswer, { ok: false }>;

async function amendmentRequest(orderCode: unknown, input: OrderChangeInput): Promise<{ ok: true; scope: ShopScope; code: string; amendment: OrderAmendment } | Problem> {
  const code = codeSchema.safeParse(orderCode);
  if (!code.success) return { ok: false, message: 'Reload the page and try again' };
  const problem = orderChangeProblem(input);
  const parsed = orderChangeSchema.safeParse(input);
  if (problem || !parsed.success) return { ok: false, ...(problem ?? { message: 'Check the form' }) };
  const { lines, purchaseOrderNumber, deliveryInstructions } = parsed.data;
  const amendment = { entries: lines.map((line) => ({ product: { code: line.code }, quantity: line.quantity })), purchaseOrderNumber, deliveryInstructions };
  return { ok: true, scope: await shopScope(), code: code.data, amendment };
}

async function refused(scope: ShopScope, code: string, error: AppError): Promise<Problem> {
  if (error.type === 'FailedToFetch') return { ok: false, message: error.description, network: true };
  const subject = error.subject;
  const field = subject === 'purchaseOrderNumber' || subject === 'deliveryInstructions' ? subject : undefined;
  return { ok: false, message: await refusalText(scope, code, error), line: lineOf(subject), field };
}

export type ProductAnswer =
  | { ok: true; product: { code: string; name: string; packSize: string; unitPrice: string; minimum: number } }
  | { ok: false; message: string; network?: boolean };

/** A product to add to the order by its code, as the account sees it (name, pack, its price). */
export async function findOrderProduct(rawCode: unknown): Promise<ProductAnswer> {
  const code = z.string().trim().min(1).max(LIMITS.productCode).safeParse(rawCode);
  if (!code.success) return { ok: false, message: 'Enter a product code' };
  const result = await getProduct(await shopScope(), code.data);
  if (result.ok) {
    const { code: productCode, name, packSize, price, minOrderQuantity } = result.data;
    return { ok: true, product: { code: productCode, name, packSize, unitPrice: price?.formattedValue ?? '', minimum: minOrderQuantity } };
  }
  if (result.error.type === 'FailedToFetch') return { ok: false, message: result.error.description, network: true };
  return { ok: false, message: result.error.status === 404 || result.error.status === 400 ? `No product has the code ${code.data}` : errorText(result.error) };
}

/** Cancels the order (the confirmation was asked in the page); the page then shows it cancelled. */
export async function cancelOrderAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const code = codeSchema.safeParse(form.get('orderCode'));
  if (!code.success) return failed('Reload the page and try again');
  const scope = await shopScope();
  const result = await cancelOrder(scope, code.data);
  if (!result.ok) return result.error.type === 'FailedToFetch' ? failedWith(result.error) : failed(await refusalText(scope, code.data, result.error));
  refresh();
  return IDLE;
}
