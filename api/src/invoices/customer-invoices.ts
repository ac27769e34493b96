import type { InvoiceIssuer } from '../config/env';
import type { DbOrTx } from '../db/client';
import { londonWallClock } from '../time/london-time';
import { fail, ok, type Result } from '../errors/result';
import { findShipToOrder } from '../orders/order-queries';
import type { InvoiceStatus } from './invoice-status';
import {
  erpPdf,
  findInvoice,
  invoiceAddresses,
  invoiceDetail,
  invoicesOfOrder,
  listInvoices,
  soldToBalances,
  statementSource,
  userSoldTos,
  type InvoiceDetail,
  type InvoiceSummary,
  type SoldToBalance,
  type SoldToRef,
} from './invoice-queries';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoiceReadProblem } from './problems';
import { buildStatement, statementCsv, statementEntries } from './statement';

/** The longest statement one download covers. */
export const MAX_STATEMENT_DAYS = 3 * 366;
/** The statement's range when none is asked for: the last 90 days up to today. */
export const DEFAULT_STATEMENT_DAYS = 90;

export const londonToday = (now: Date): string => londonWallClock(now).date;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

async function scopeFor(db: DbOrTx, userId: number, soldTo: string | undefined): Promise<Result<SoldToRef[], InvoiceReadProblem>> {
  const all = await userSoldTos(db, userId);
  if (soldTo === undefined) return ok(all);
  const one = all.find((s) => s.code === soldTo);
  return one ? ok([one]) : fail({ kind: 'soldToNotFound', soldTo });
}

export interface InvoiceList {
  soldTos: SoldToBalance[];
  invoices: InvoiceSummary[];
}

/** The user's invoices and credit notes with each sold-to's balance; another sold-to named in the filter is 404. */
export async function invoiceList(
  db: DbOrTx,
  userId: number,
  query: { soldTo?: string; status?: InvoiceStatus; from?: string; to?: string },
  now: Date,
): Promise<Result<InvoiceList, InvoiceReadProblem>> {
  if (query.from && query.to && query.from > query.to) return fail({ kind: 'rangeReversed' });
  const scope = await scopeFor(db, userId, query.soldTo);
  if (!scope.ok) return scope;
  const today = londonToday(now);
  const [soldTos, invoices] = await Promise.all([soldToBalances(db, scope.value, today), listInvoices(db, { soldTos: scope.value, ...query }, today)]);
  return ok({ soldTos, invoices });
}

export async function invoiceForUser(db: DbOrTx, userId: number, number: string, now: Date): Promise<Result<InvoiceDetail, InvoiceReadProblem>> {
  const scope = await userSoldTos(db, userId);
  const summary = await findInvoice(db, scope, number, londonToday(now));
  if (!summary) return fail({ kind: 'invoiceNotFound', number });
  return ok(await invoiceDetail(db, summary));
}

/** The ERP's own PDF when it sent one, otherwise one rendered from the data. */
export async function invoicePdfForUser(db: DbOrTx, userId: number, number: string, now: Date, issuer: InvoiceIssuer): Promise<Result<{ pdf: Buffer; source: 'erp' | 'rendered' }, InvoiceReadProblem>> {
  const detail = await invoiceForUser(db, userId, number, now);
  if (!detail.ok) return detail;
  const stored = detail.value.hasErpPdf ? await erpPdf(db, detail.value.id) : null;
  if (stored) return ok({ pdf: stored, source: 'erp' });
  const addresses = await invoiceAddresses(db, detail.value.soldTo.code, detail.value.orderCodes);
  return ok({ pdf: await renderInvoicePdf(detail.value, issuer, addresses), source: 'rendered' });
}

export interface StatementDownload {
  soldTo: SoldToRef;
  from: string;
  to: string;
  csv: string;
}

export async function statementForUser(db: DbOrTx, userId: number, query: { soldTo?: string; from?: string; to?: string }, now: Date): Promise<Result<StatementDownload, InvoiceReadProblem>> {
  const all = await userSoldTos(db, userId);
  if (all.length === 0) return fail({ kind: 'noSoldTos' });
  let soldTo: SoldToRef | undefined;
  if (query.soldTo === undefined) {
    if (all.length > 1) return fail({ kind: 'soldToNeeded' });
    soldTo = all[0];
  } else {
    soldTo = all.find((s) => s.code === query.soldTo);
    if (!soldTo) return fail({ kind: 'soldToNotFound', soldTo: query.soldTo });
  }
  if (!soldTo) return fail({ kind: 'noSoldTos' });
  const to = query.to ?? londonToday(now);
  const from = query.from ?? addDays(to, -DEFAULT_STATEMENT_DAYS);
  if (from > to) return fail({ kind: 'rangeReversed' });
  if (daysBetween(from, to) > MAX_STATEMENT_DAYS) return fail({ kind: 'rangeTooLong', maximumDays: MAX_STATEMENT_DAYS });
  const statement = buildStatement(statementEntries(await statementSource(db, soldTo.code, to)), from, to);
  return ok({ soldTo, from, to, csv: statementCsv(statement, soldTo) });
}

/** The invoices of an order of one of the user's ship-tos (scope as order detail: any other order is 404). */
export async function orderInvoicesForUser(db: DbOrTx, userId: number, code: string, now: Date): Promise<Result<InvoiceSummary[], { kind: 'orderNotFound'; code: string }>> {
  const order = await findShipToOrder(db, userId, code);
  if (!order) return fail({ kind: 'orderNotFound', code });
  return ok(await invoicesOfOrder(db, code, order.order.soldToCode, londonToday(now)));
}
