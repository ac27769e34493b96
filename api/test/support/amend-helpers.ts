import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fillActiveCart, type Json, type Shopper } from './cart-helpers';
import { setClock } from './test-clock';
import type { TestServer } from './test-server';

export interface OrderView {
  code: string;
  status: string;
  cutoff: string;
  amendable: boolean;
  deliveryDate: string;
  purchaseOrderNumber: string | null;
  deliveryInstructions: string | null;
  entries: { entryNumber: number; quantity: number; product: { code: string }; basePrice: { valuePence: number }; totalPrice: { valuePence: number }; totalTax: { valuePence: number } }[];
  subTotal: { valuePence: number };
  totalTax: { valuePence: number };
  totalPriceWithTax: { valuePence: number };
  statusChanges: { status: string }[];
}

/** Places an order for `deliveryDate` with the API's clock at `at`: fresh cart, the range's first sellable products. */
export async function placeOrderAt(
  server: TestServer,
  who: Shopper,
  { at, deliveryDate, quantities = [3, 2], details = {} }: { at: string; deliveryDate: string; quantities?: number[]; details?: Record<string, string> },
): Promise<OrderView> {
  await setClock(server, at);
  await fillActiveCart(server, who, quantities);
  const put = await who.call('PUT', '/users/current/carts/active', { body: { requestedDeliveryDate: deliveryDate, ...details } });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const placed = await who.call('POST', '/users/current/orders?cartId=active', { headers: { 'idempotency-key': randomUUID() } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  return placed.body as unknown as OrderView;
}

export type Line = { code: string; quantity: number };

export const amend = (who: Shopper, code: string, lines: Line[], details: Record<string, unknown> = {}): Promise<Json> =>
  who.call('PUT', `/users/current/orders/${code}`, {
    scoped: false,
    body: { entries: lines.map((line) => ({ product: { code: line.code }, quantity: line.quantity })), ...details },
  });

export const cancel = (who: Shopper, code: string): Promise<Json> => who.call('POST', `/users/current/orders/${code}/cancel`, { scoped: false });

export async function orderOf(who: Shopper, code: string): Promise<OrderView> {
  const answer = await who.call('GET', `/users/current/orders/${code}`, { scoped: false });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as unknown as OrderView;
}

export const linesOf = (order: OrderView): Line[] => order.entries.map((entry) => ({ code: entry.product.code, quantity: entry.quantity }));

/** The order's totals add up from its lines: net, VAT per line, gross. */
export function assertTotalsAddUp(order: OrderView): void {
  const net = order.entries.reduce((sum, entry) => sum + entry.totalPrice.valuePence, 0);
  const vat = order.entries.reduce((sum, entry) => sum + entry.totalTax.valuePence, 0);
  for (const entry of order.entries) assert.equal(entry.totalPrice.valuePence, entry.basePrice.valuePence * entry.quantity);
  assert.equal(order.subTotal.valuePence, net);
  assert.equal(order.totalTax.valuePence, vat);
  assert.equal(order.totalPriceWithTax.valuePence, net + vat);
}
