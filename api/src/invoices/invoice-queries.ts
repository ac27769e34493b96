import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { invoiceOrders, invoicePayments, invoices, orders, shipTos, soldTos, userShipTos } from '../db/schema';
import type { InvoiceStatus } from './invoice-status';

export interface SoldToRef {
  code: string;
  name: string;
}

/** The sold-tos a user may see invoices of: those of the ship-tos they hold (docs/after-delivery.md). */
export async function userSoldTos(db: DbOrTx, userId: number): Promise<SoldToRef[]> {
  return db
    .selectDistinct({ code: soldTos.code, name: soldTos.name })
    .from(userShipTos)
    .innerJoin(shipTos, eq(shipTos.code, userShipTos.shipToCode))
    .innerJoin(soldTos, eq(soldTos.code, shipTos.soldToCode))
    .where(eq(userShipTos.userId, userId))
    .orderBy(asc(soldTos.name), asc(soldTos.code));
}

export interface InvoiceSummary {
  id: number;
  number: string;
  type: 'invoice' | 'creditNote';
  soldTo: SoldToRef;
  issueDate: string;
  dueDate: string;
  netPence: number;
  vatPence: number;
  grossPence: number;
  paidPence: number;
  status: InvoiceStatus;
  orderCodes: string[];
  hasErpPdf: boolean;
}

const paidSubquery = (db: DbOrTx) =>
  db
    .select({ invoiceId: invoicePayments.invoiceId, paid: sql<string>`sum(${invoicePayments.amountPence})`.as('paid') })
    .from(invoicePayments)
    .groupBy(invoicePayments.invoiceId)
    .as('paid_per_invoice');

async function orderCodesByInvoice(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db.select().from(invoiceOrders).where(inArray(invoiceOrders.invoiceId, ids)).orderBy(asc(invoiceOrders.orderCode));
  for (const row of rows) map.set(row.invoiceId, [...(map.get(row.invoiceId) ?? []), row.orderCode]);
  return map;
}

/** How many invoices a list answers at most; a narrower date range or sold-to finds older ones. */
export const MAX_LISTED = 500;

interface InvoiceFilter {
  soldTos: SoldToRef[];
  from?: string;
  to?: string;
  number?: string;
  id?: number;
  status?: InvoiceStatus;
}

/**
 * The status rule of invoice-status.ts in SQL, so that a list filters and sorts by it in the database however
 * many invoices a sold-to has: credit notes `credit`; paid in full `paid`; past the due date `overdue`; else `open`.
 */
function statusSql(paid: SQL, today: string): SQL<InvoiceStatus> {
  return sql<InvoiceStatus>`case when ${invoices.type} = 'creditNote' then 'credit' when ${paid} >= ${invoices.grossPence} then 'paid' when ${invoices.dueDate} < ${today}::date then 'overdue' else 'open' end`;
}

/**
 * Overdue first (the longest overdue at the top), then open by due date, then paid invoices and then credit
 * notes, newest first.
 */
async function readInvoices(db: DbOrTx, filter: InvoiceFilter, today: string, limit = MAX_LISTED): Promise<InvoiceSummary[]> {
  if (filter.soldTos.length === 0) return [];
  const names = new Map(filter.soldTos.map((s) => [s.code, s.name]));
  const paidPerInvoice = paidSubquery(db);
  const paid = sql`coalesce(${paidPerInvoice.paid}, 0)`;
  const status = statusSql(paid, today);
  const rank = sql`case ${status} when 'overdue' then 0 when 'open' then 1 when 'paid' then 2 else 3 end`;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      type: invoices.type,
      soldToCode: invoices.soldToCode,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      netPence: invoices.netPence,
      vatPence: invoices.vatPence,
      grossPence: invoices.grossPence,
      hasErpPdf: sql<boolean>`${invoices.pdf} is not null`,
      paid: sql<string>`${paid}`,
      status,
    })
    .from(invoices)
    .leftJoin(paidPerInvoice, eq(paidPerInvoice.invoiceId, invoices.id))
    .where(
      and(
        inArray(invoices.soldToCode, [...names.keys()]),
        filter.from ? gte(invoices.issueDate, filter.from) : undefined,
        filter.to ? lte(invoices.issueDate, filter.to) : undefined,
        filter.number ? eq(invoices.number, filter.number) : undefined,
        filter.id !== undefined ? eq(invoices.id, filter.id) : undefined,
        filter.status ? sql`${status} = ${filter.status}` : undefined,
      ),
    )
    .orderBy(
      asc(rank),
      sql`case when ${rank} < 2 then ${invoices.dueDate} end asc`,
      desc(invoices.issueDate),
      asc(invoices.number),
    )
    .limit(limit);
  const codes = await orderCodesByInvoice(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    type: row.type as InvoiceSummary['type'],
    soldTo: { code: row.soldToCode, name: names.get(row.soldToCode) ?? row.soldToCode },
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    netPence: row.netPence,
    vatPence: row.vatPence,
    grossPence: row.grossPence,
    paidPence: Number(row.paid),
    status: row.status,
    orderCodes: codes.get(row.id) ?? [],
    hasErpPdf: Boolean(row.hasErpPdf),
  }));
}

export function listInvoices(db: DbOrTx, filter: InvoiceFilter, today: string): Promise<InvoiceSummary[]> {
  return readInvoices(db, filter, today);
}

export async function findInvoice(db: DbOrTx, scope: SoldToRef[], number: string, today: string): Promise<InvoiceSummary | undefined> {
  const [found] = await readInvoices(db, { soldTos: scope, number }, today, 1);
  return found;
}

export interface InvoiceDetail extends InvoiceSummary {
  lines: { description: string; quantity: number; netPence: number; vatPence: number }[];
  payments: { amountPence: number; paidAt: Date; reference: string }[];
}

export async function invoiceDetail(db: DbOrTx, summary: InvoiceSummary): Promise<InvoiceDetail> {
  const [row] = await db.select({ lines: invoices.lines }).from(invoices).where(eq(invoices.id, summary.id));
  const lines = (Array.isArray(row?.lines) ? row.lines : []) as { description: string; quantity: number; net: number; vat: number }[];
  const payments = await db
    .select({ amountPence: invoicePayments.amountPence, paidAt: invoicePayments.paidAt, reference: invoicePayments.reference })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, summary.id))
    .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id));
  return { ...summary, lines: lines.map((line) => ({ description: line.description, quantity: line.quantity, netPence: line.net, vatPence: line.vat })), payments };
}

export async function erpPdf(db: DbOrTx, invoiceId: number): Promise<Buffer | null> {
  const [row] = await db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, invoiceId));
  return row?.pdf ?? null;
}

export interface SoldToBalance extends SoldToRef {
  /** Invoices − credit notes − payments, over all time. */
  balancePence: number;
  /** What is left to pay on invoices past their due date. */
  overduePence: number;
}

export async function soldToBalances(db: DbOrTx, scope: SoldToRef[], today: string): Promise<SoldToBalance[]> {
  if (scope.length === 0) return [];
  const paid = paidSubquery(db);
  const rows = await db
    .select({
      soldToCode: invoices.soldToCode,
      billed: sql<string>`coalesce(sum(case when ${invoices.type} = 'invoice' then ${invoices.grossPence} else -${invoices.grossPence} end), 0)`,
      paid: sql<string>`coalesce(sum(coalesce(${paid.paid}, 0)), 0)`,
      overdue: sql<string>`coalesce(sum(case when ${invoices.type} = 'invoice' and ${invoices.dueDate} < ${today} then greatest(${invoices.grossPence} - coalesce(${paid.paid}, 0), 0) else 0 end), 0)`,
    })
    .from(invoices)
    .leftJoin(paid, eq(paid.invoiceId, invoices.id))
    .where(
      inArray(
        invoices.soldToCode,
        scope.map((s) => s.code),
      ),
    )
    .groupBy(invoices.soldToCode);
  const bySoldTo = new Map(rows.map((row) => [row.soldToCode, row]));
  return scope.map((soldTo) => {
    const row = bySoldTo.get(soldTo.code);
    return { ...soldTo, balancePence: Number(row?.billed ?? 0) - Number(row?.paid ?? 0), overduePence: Number(row?.overdue ?? 0) };
  });
}

/** The invoices and credit notes that name an order (the order's scope is checked by the caller). */
export async function invoicesOfOrder(db: DbOrTx, orderCode: string, soldToCode: string, today: string): Promise<InvoiceSummary[]> {
  const ids = await db.select({ id: invoiceOrders.invoiceId }).from(invoiceOrders).where(eq(invoiceOrders.orderCode, orderCode));
  if (ids.length === 0) return [];
  const [soldTo] = await db.select({ code: soldTos.code, name: soldTos.name }).from(soldTos).where(eq(soldTos.code, soldToCode));
  if (!soldTo) return [];
  const found = await Promise.all(ids.map((row) => readInvoices(db, { soldTos: [soldTo], id: row.id }, today, 1)));
  return found.flat().sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number));
}

export interface StatementSource {
  documents: { date: string; type: 'invoice' | 'creditNote'; number: string; dueDate: string; grossPence: number }[];
  payments: { paidAt: Date; number: string; reference: string; amountPence: number }[];
}

/** Everything a sold-to's statement is made of, up to and including `to` (issue dates; payments filtered by their London day later). */
export async function statementSource(db: DbOrTx, soldToCode: string, to: string): Promise<StatementSource> {
  const documents = await db
    .select({ date: invoices.issueDate, type: invoices.type, number: invoices.number, dueDate: invoices.dueDate, grossPence: invoices.grossPence })
    .from(invoices)
    .where(and(eq(invoices.soldToCode, soldToCode), lte(invoices.issueDate, to)));
  const payments = await db
    .select({ paidAt: invoicePayments.paidAt, number: invoices.number, reference: invoicePayments.reference, amountPence: invoicePayments.amountPence })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(eq(invoices.soldToCode, soldToCode));
  return { documents: documents.map((d) => ({ ...d, type: d.type as 'invoice' | 'creditNote' })), payments };
}

export interface PostalAddress {
  name: string;
  addressLine1: string;
  town: string;
  postcode: string;
}

/**
 * Where an invoice's goods went: the ship-tos of the billed orders the shop knows. The customer's own address is
 * its first delivery point (the shop keeps no separate billing address), the billed one when there is just one.
 */
export async function invoiceAddresses(db: DbOrTx, soldToCode: string, orderCodes: string[]): Promise<{ customer: PostalAddress | null; delivery: PostalAddress[] }> {
  const columns = { code: shipTos.code, name: shipTos.name, addressLine1: shipTos.addressLine1, town: shipTos.town, postcode: shipTos.postcode };
  const delivery =
    orderCodes.length === 0
      ? []
      : await db
          .selectDistinct(columns)
          .from(orders)
          .innerJoin(shipTos, eq(shipTos.code, orders.shipToCode))
          .where(and(inArray(orders.code, orderCodes), eq(shipTos.soldToCode, soldToCode)))
          .orderBy(asc(shipTos.code));
  const [first] = delivery.length === 1 ? delivery : await db.select(columns).from(shipTos).where(eq(shipTos.soldToCode, soldToCode)).orderBy(asc(shipTos.code)).limit(1);
  const address = ({ name, addressLine1, town, postcode }: PostalAddress) => ({ name, addressLine1, town, postcode });
  return { customer: first ? address(first) : null, delivery: delivery.map(address) };
}
