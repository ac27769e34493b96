import assert from 'node:assert/strict';
import { and, asc, eq, gt } from 'drizzle-orm';
import { products } from '../../src/db/schema';
import { BASE, type TestServer } from './test-server';

/** Demo ship-tos the cart and order tests use (see src/seed/demo-accounts.ts). */
export const SOLO = { username: 'solo@example.com', shipTo: '0000410001', salesOrg: 'DAIR' } as const;
export const MULTI_DAIR = { username: 'multi@example.com', shipTo: '0000410002', salesOrg: 'DAIR' } as const;
export const MULTI_CHIL_PO = { username: 'multi@example.com', shipTo: '0000410004', salesOrg: 'CHIL' } as const;

export interface Json {
  status: number;
  headers: Headers;
  // Tests read whatever the API answered; each test asserts the fields it cares about.
  body: Record<string, unknown> & { errors?: { type: string; reason?: string; message: string; subject?: string }[] };
}

export interface Shopper {
  token: string;
  shipTo: string;
  salesOrg: string;
  /** `path` under BASE; `?shipTo=&salesOrg=` of this shopper are appended when `scoped`. */
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string>; scoped?: boolean }): Promise<Json>;
}

export async function shopper(server: TestServer, who: { username: string; shipTo: string; salesOrg: string }): Promise<Shopper> {
  const token = await server.tokenFor(who.username);
  return {
    token,
    shipTo: who.shipTo,
    salesOrg: who.salesOrg,
    async call(method, path, options = {}) {
      const scoped = options.scoped ?? true;
      const separator = path.includes('?') ? '&' : '?';
      const url = `${BASE}${path}${scoped ? `${separator}shipTo=${who.shipTo}&salesOrg=${who.salesOrg}` : ''}`;
      const response = await server.request(url, {
        method,
        token,
        headers: options.headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json['body']) : {} };
    },
  };
}

/** Sellable products of a range: not discontinued, minimum order 1, first by code. */
export async function sellableProducts(server: TestServer, range: string, count: number): Promise<string[]> {
  const rows = await server.database.db
    .select({ code: products.code })
    .from(products)
    .where(and(eq(products.range, range), eq(products.discontinued, false), eq(products.minOrderQuantity, 1)))
    .orderBy(asc(products.code))
    .limit(count);
  return rows.map((row) => row.code);
}

/** A fresh active cart with `quantities` of the range's first sellable products; answers the product codes. */
export async function fillActiveCart(server: TestServer, who: Shopper, quantities: number[]): Promise<string[]> {
  const codes = await sellableProducts(server, who.salesOrg, quantities.length);
  await who.call('DELETE', '/users/current/carts/active');
  await who.call('POST', '/users/current/carts');
  for (const [index, quantity] of quantities.entries()) {
    const added = await who.call('POST', '/users/current/carts/active/entries', { body: { product: { code: codes[index] }, quantity } });
    assert.equal(added.status, 200, JSON.stringify(added.body));
  }
  return codes;
}

export async function productWith(server: TestServer, range: string, kind: 'discontinued' | 'minimum'): Promise<{ code: string; minOrderQuantity: number }> {
  const rows = await server.database.db
    .select({ code: products.code, minOrderQuantity: products.minOrderQuantity })
    .from(products)
    .where(
      and(
        eq(products.range, range),
        kind === 'discontinued' ? eq(products.discontinued, true) : and(eq(products.discontinued, false), gt(products.minOrderQuantity, 1)),
      ),
    )
    .orderBy(asc(products.code))
    .limit(1);
  const row = rows[0];
  if (!row) throw new Error(`the demo catalogue has no ${kind} product in ${range}`);
  return row;
}
