import assert from 'node:assert/strict';
import { operatorToken } from './admin-client';
import type { TestServer } from './test-server';

/** The ERP's catalogue feed: it writes products' food information and their stock. */
export const CATALOGUE_CLIENT = { id: 'erp-catalogue', secret: 'erp-catalogue-secret-0123456789', scopes: ['products:write'] };

/** Dairy products of the test's own (none of the seed's), so that no other test sees their stock. */
export async function newDairyProducts(server: TestServer, products: { code: string; name: string }[]): Promise<void> {
  const lines = products.map(({ code, name }) => `${code},${name},Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21`);
  const csv = `code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays\n${lines.join('\n')}\n`;
  const response = await server.request('/admin/v1/imports/products?dryRun=false&fileName=stock-products.csv', { method: 'POST', token: await operatorToken(server), headers: { 'content-type': 'text/csv' }, body: csv });
  assert.equal(response.status, 200, await response.text());
}

/** PUT /admin/v1/stock, which must take the feed. */
export async function feedStock(server: TestServer, token: string, levels: { product: string; deliveryDate: string; available: number }[]): Promise<void> {
  const response = await server.request('/admin/v1/stock', { method: 'PUT', token, body: JSON.stringify({ levels }) });
  assert.equal(response.status, 200, await response.text());
}
