import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db, Tx } from '../db/client';
import { invoiceOrders, invoicePayments, invoices, orders, soldTos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { contentHash, MAX_PDF_BYTES, type InvoiceInput, type PaymentInput } from './invoice-input';
import type { InvoiceProblem } from './problems';

/** Who sent it: an operator (audited by id) or the ERP's integration client (named in the entry). */
export interface ErpActor {
  operatorId: number | null;
  /** 'operator:<e-mail>' or 'client:<client id>', as order status changes. */
  by: string;
}

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;

export interface PutOutcome {
  outcome: 'created' | 'updated' | 'unchanged';
  invoice: InvoiceRow;
  orderCodes: string[];
}

/** The amounts add up: gross = net + VAT, and the lines sum to the totals. Checked before anything is read. */
export function checkTotals(input: InvoiceInput): InvoiceProblem | undefined {
  if (input.gross !== input.net + input.vat) return { kind: 'grossNotNetPlusVat', net: input.net, vat: input.vat, gross: input.gross };
  const lineNet = input.lines.reduce((sum, line) => sum + line.net, 0);
  if (lineNet !== input.net) return { kind: 'linesDoNotAddUp', field: 'net', lines: lineNet, total: input.net };
  const lineVat = input.lines.reduce((sum, line) => sum + line.vat, 0);
  if (lineVat !== input.vat) return { kind: 'linesDoNotAddUp', field: 'vat', lines: lineVat, total: input.vat };
  if (input.dueDate < input.issueDate) return { kind: 'dueBeforeIssue' };
  return undefined;
}

function decodePdf(base64: string | undefined): Buffer | null | 'invalid' | 'tooLarge' {
  if (base64 === undefined) return null;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PDF_BYTES) return 'tooLarge';
  if (bytes.length < 5 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return 'invalid';
  return bytes;
}

/** What the audit log keeps of an invoice: everything but the PDF's bytes (their size and hash instead). */
function auditState(row: { type: string; soldToCode: string; issueDate: string; dueDate: string; lines: unknown; netPence: number; vatPence: number; grossPence: number; pdf: Buffer | null }, orderCodes: string[]) {
  return {
    type: row.type,
    soldTo: row.soldToCode,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    orderCodes,
    lines: row.lines,
    net: row.netPence,
    vat: row.vatPence,
    gross: row.grossPence,
    pdf: row.pdf ? { bytes: row.pdf.length, sha256: createHash('sha256').update(row.pdf).digest('hex') } : null,
  };
}

async function orderCodesOf(tx: Tx, invoiceId: number): Promise<string[]> {
  const rows = await tx.select({ code: invoiceOrders.orderCode }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, invoiceId)).orderBy(invoiceOrders.orderCode);
  return rows.map((row) => row.code);
}

/** An order the shop knows may only be billed to its own sold-to; codes of orders placed elsewhere pass as they are. */
async function ordersOfOtherSoldTos(tx: Tx, orderCodes: string[], soldTo: string): Promise<InvoiceProblem | undefined> {
  if (orderCodes.length === 0) return undefined;
  const known = await tx.select({ code: orders.code, soldToCode: orders.soldToCode }).from(orders).where(inArray(orders.code, orderCodes));
  const other = known.find((order) => order.soldToCode !== soldTo);
  return other ? { kind: 'orderOfOtherSoldTo', orderCode: other.code, index: orderCodes.indexOf(other.code) } : undefined;
}

async function paidPence(tx: Tx, invoiceId: number): Promise<number> {
  const [row] = await tx.select({ paid: sql<string>`coalesce(sum(${invoicePayments.amountPence}), 0)` }).from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
  return Number(row?.paid ?? 0);
}

/**
 * PUT of an invoice or credit note by its number (docs/after-delivery.md): the same content again changes
 * nothing; different content replaces it and is written to the audit log with what it was before.
 */
export async function putInvoice(db: Db, number: string, input: InvoiceInput, actor: ErpActor): Promise<Result<PutOutcome, InvoiceProblem>> {
  const totalsProblem = checkTotals(input);
  if (totalsProblem) return fail(totalsProblem);
  const pdf = decodePdf(input.pdf);
  if (pdf === 'invalid') return fail({ kind: 'pdfNotAPdf' });
  if (pdf === 'tooLarge') return fail({ kind: 'pdfTooLarge', maximumBytes: MAX_PDF_BYTES });
  const hash = contentHash(input, pdf);
  const values = {
    type: input.type,
    soldToCode: input.soldTo,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    lines: input.lines,
    netPence: input.net,
    vatPence: input.vat,
    grossPence: input.gross,
    pdf,
    contentHash: hash,
  };
  const orderCodes = [...input.orderCodes].sort();

  return inTransaction(db, async (tx): Promise<Result<PutOutcome, InvoiceProblem>> => {
    const [soldTo] = await tx.select({ code: soldTos.code }).from(soldTos).where(eq(soldTos.code, input.soldTo)).limit(1);
    if (!soldTo) return fail({ kind: 'soldToUnknown', soldTo: input.soldTo });
    const misfiled = await ordersOfOtherSoldTos(tx, input.orderCodes, input.soldTo);
    if (misfiled) return fail(misfiled);
    let [existing] = await tx.select().from(invoices).where(eq(invoices.number, number)).for('update').limit(1);

    if (!existing) {
      // Two first sends at once: the second waits for the first's insert, does nothing, and reads it below.
      const [created] = await tx.insert(invoices).values({ number, ...values }).onConflictDoNothing({ target: invoices.number }).returning();
      if (created) {
        if (orderCodes.length > 0) await tx.insert(invoiceOrders).values(orderCodes.map((orderCode) => ({ invoiceId: created.id, orderCode })));
        await recordAudit(tx, { operatorId: actor.operatorId, action: 'invoice.create', subject: `invoice:${number}`, after: { ...auditState(created, orderCodes), by: actor.by } });
        return ok({ outcome: 'created' as const, invoice: created, orderCodes });
      }
      [existing] = await tx.select().from(invoices).where(eq(invoices.number, number)).for('update').limit(1);
      if (!existing) throw new Error(`invoice ${number} neither inserted nor found`);
    }

    const before = await orderCodesOf(tx, existing.id);
    if (existing.contentHash === hash) return ok({ outcome: 'unchanged' as const, invoice: existing, orderCodes: before });
    if (existing.type === 'invoice' && input.type === 'creditNote' && (await paidPence(tx, existing.id)) > 0) {
      return fail({ kind: 'paidInvoiceBecomesCreditNote', number });
    }
    const [updated] = await tx
      .update(invoices)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(invoices.id, existing.id))
      .returning();
    if (!updated) throw new Error(`invoice ${number} vanished while locked`);
    await tx.delete(invoiceOrders).where(eq(invoiceOrders.invoiceId, existing.id));
    if (orderCodes.length > 0) await tx.insert(invoiceOrders).values(orderCodes.map((orderCode) => ({ invoiceId: existing.id, orderCode })));
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'invoice.update',
      subject: `invoice:${number}`,
      before: auditState(existing, before),
      after: { ...auditState(updated, orderCodes), by: actor.by },
    });
    return ok({ outcome: 'updated' as const, invoice: updated, orderCodes });
  });
}

export interface PaymentOutcome {
  outcome: 'created' | 'unchanged';
  payment: PaymentRow;
  invoice: InvoiceRow;
  paidPence: number;
}

/**
 * A payment against an invoice, idempotent by its reference: the same reference with the same amount and time
 * changes nothing; with different ones it is refused (a reference names one payment). Payments on one invoice
 * are serialised by locking the invoice, so two at once cannot together pay more than it is owed.
 */
export async function recordPayment(db: Db, number: string, input: PaymentInput, actor: ErpActor): Promise<Result<PaymentOutcome, InvoiceProblem>> {
  const paidAt = new Date(input.paidAt);
  return inTransaction(db, async (tx): Promise<Result<PaymentOutcome, InvoiceProblem>> => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.number, number)).for('update').limit(1);
    if (!invoice) return fail({ kind: 'invoiceNotFound', number });
    if (invoice.type !== 'invoice') return fail({ kind: 'paymentOnCreditNote', number });
    const [same] = await tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.reference, input.reference)))
      .limit(1);
    const paid = await paidPence(tx, invoice.id);
    if (same) {
      if (same.amountPence === input.amount && same.paidAt.getTime() === paidAt.getTime()) return ok({ outcome: 'unchanged' as const, payment: same, invoice, paidPence: paid });
      return fail({ kind: 'paymentReferenceReused', number, reference: input.reference });
    }
    const outstanding = Math.max(invoice.grossPence - paid, 0);
    if (input.amount > outstanding) return fail({ kind: 'paymentExceedsOutstanding', number, outstandingPence: outstanding });
    const [payment] = await tx.insert(invoicePayments).values({ invoiceId: invoice.id, amountPence: input.amount, paidAt, reference: input.reference }).returning();
    if (!payment) throw new Error('payment insert returned nothing');
    await recordAudit(tx, {
      operatorId: actor.operatorId,
      action: 'invoice.payment',
      subject: `invoice:${number}`,
      after: { amount: input.amount, paidAt: paidAt.toISOString(), reference: input.reference, by: actor.by },
    });
    return ok({ outcome: 'created' as const, payment, invoice, paidPence: paid + input.amount });
  });
}
