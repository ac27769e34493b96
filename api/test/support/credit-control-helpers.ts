import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { integrationToken } from './integration-client';
import { operatorToken } from './admin-client';
import type { TestServer } from './test-server';

/** The ERP's finance feed, which sends invoices, payments and credit limits (scope invoices:write). */
export const CREDIT_FEED_CLIENT = { id: 'erp-credit', secret: 'erp-credit-secret-0123456789abcd', scopes: ['invoices:write'] };
export const creditFeedEnv = () => ({ INTEGRATION_CLIENTS: JSON.stringify([CREDIT_FEED_CLIENT]) });

export interface AdminAnswer {
  status: number;
  body: Record<string, unknown> & { errors?: { type: string; message: string; subject?: string }[] };
}

/** Any /admin/v1 call with a bearer token; answers status and parsed body. */
export async function adminCall(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<AdminAnswer> {
  const response = await server.request(`/admin/v1${path}`, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as AdminAnswer['body']) : {} };
}

export const feedToken = (server: TestServer): Promise<string> => integrationToken(server, CREDIT_FEED_CLIENT);

/** Sets a sold-to's credit as the ERP does; fails the test unless it was accepted. */
export async function setCredit(server: TestServer, soldTo: string, credit: { limit: number; onHold: boolean; reason?: string | null }): Promise<void> {
  const answer = await adminCall(server, await operatorToken(server), 'PUT', `/customers/${soldTo}/credit`, credit);
  assert.ok(answer.status === 200 || answer.status === 201, JSON.stringify(answer.body));
}

/** An operator's release or rejection of an order held for credit. */
export async function decideHold(server: TestServer, code: string, decision: 'RELEASE' | 'REJECT', comment?: string): Promise<AdminAnswer> {
  return adminCall(server, await operatorToken(server), 'POST', `/credit-holds/${code}/decision`, { decision, ...(comment === undefined ? {} : { comment }) });
}

/** An unpaid invoice of `grossPence` for the sold-to, billing `orderCodes`, as the ERP sends it. */
export async function sendInvoice(server: TestServer, soldTo: string, grossPence: number, orderCodes: string[] = []): Promise<string> {
  const number = `INV-${randomUUID().slice(0, 8)}`;
  const body = { type: 'invoice', soldTo, issueDate: '2027-03-01', dueDate: '2027-03-31', orderCodes, net: grossPence, vat: 0, gross: grossPence, lines: [{ description: 'Goods', quantity: 1, net: grossPence, vat: 0 }] };
  const answer = await adminCall(server, await operatorToken(server), 'PUT', `/invoices/${number}`, body);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return number;
}
