import { ERP_CLIENT, EXPORT_ONLY_CLIENT, integrationToken } from './integration-client';
import type { TestServer } from './test-server';

/** The ERP's invoice feed: a client with scope invoices:write (and the status feed's client, which lacks it). */
export const INVOICE_CLIENT = { id: 'erp-invoices', secret: 'erp-invoices-secret-0123456789ab', scopes: ['invoices:write'] };
export const invoiceEnv = () => ({ INTEGRATION_CLIENTS: JSON.stringify([ERP_CLIENT, EXPORT_ONLY_CLIENT, INVOICE_CLIENT]) });
export const invoiceToken = (server: TestServer) => integrationToken(server, INVOICE_CLIENT);

/** The sold-tos of the demo users: solo buys for 0000100002 only, buyer for 0000100001 only, multi for both. */
export const SOLD_TO_DELI = '0000100002';
export const SOLD_TO_HARBOUR = '0000100001';

export interface InvoiceBody {
  type: 'invoice' | 'creditNote';
  soldTo: string;
  issueDate: string;
  dueDate: string;
  orderCodes?: string[];
  lines: { description: string; quantity: number; net: number; vat: number }[];
  net: number;
  vat: number;
  gross: number;
  pdf?: string;
}

/** A well-formed invoice body whose lines add up: `lines` are [net, vat] pairs in pence. */
export function invoiceBody(overrides: Partial<InvoiceBody> & { amounts?: [number, number][] } = {}): InvoiceBody {
  const { amounts = [[1000, 200]], ...rest } = overrides;
  const lines = amounts.map(([net, vat], index) => ({ description: `Line ${index + 1}`, quantity: 1, net, vat }));
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const vat = lines.reduce((sum, line) => sum + line.vat, 0);
  return { type: 'invoice', soldTo: SOLD_TO_DELI, issueDate: '2026-11-01', dueDate: '2026-11-30', orderCodes: [], lines, net, vat, gross: net + vat, ...rest };
}

type Answer = { status: number; body: Record<string, unknown> & { errors?: { type: string; message: string; subject?: string }[] } };

async function send(server: TestServer, token: string, method: string, path: string, body: unknown): Promise<Answer> {
  const response = await server.request(path, { method, token, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

/** PUT /admin/v1/invoices/{number} through the integration client, as the ERP sends it. */
export const putInvoice = (server: TestServer, token: string, number: string, body: unknown) => send(server, token, 'PUT', `/admin/v1/invoices/${encodeURIComponent(number)}`, body);

/** POST /admin/v1/invoices/{number}/payments. */
export const postPayment = (server: TestServer, token: string, number: string, body: unknown) => send(server, token, 'POST', `/admin/v1/invoices/${encodeURIComponent(number)}/payments`, body);
