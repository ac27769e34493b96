import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  carts,
  checkinLines,
  creditRequestLines,
  creditRequests,
  invoiceOrders,
  invoicePayments,
  invoices,
  orderCheckins,
  orderLines,
  orderStatusChanges,
  orders,
  shipTos,
  users,
  type LineSubstitution,
} from '../db/schema';
import { londonInstant, londonWallClock } from '../time/london-time';
import { contentHash, type InvoiceInput } from '../invoices/invoice-input';
import { lineAmounts, sumTotals } from '../pricing/money';
import { DEMO_OPERATOR } from './demo-accounts';
import { lineSubstitution, sentTotals } from '../orders/substitutions';
import { generateProduct } from './generate-catalogue';

/**
 * The demo of what happens after delivery (docs/after-delivery.md, README "Demo users"): kitchen@example.com's
 * delivered orders with the ERP's invoices, a payment, an overdue invoice, a credit note, a decided and an open
 * credit request, and one order delivered yesterday still open for check-in. Its own company (Moorside Kitchens
 * Ltd), so the other demo users' orders, usual items and limits stay as they were.
 *
 * Dates are days before an anchor: the day of the first seed, read back from the first demo order afterwards, so
 * a second run changes nothing and rows changed since are set back to the demo's values.
 */
export const AFTER_DELIVERY_DEMO = { username: 'kitchen@example.com', shipTo: '0000410005', soldTo: '0000100003', range: 'DAIR' } as const;

const DECIDED_BY = `operator:${DEMO_OPERATOR.email}`;

interface DemoLine {
  product: number;
  quantity: number;
  /** The product and cases the warehouse sent instead (docs/substitutions.md); the line allowed a substitute. */
  substitute?: { product: number; quantity: number };
}
interface DemoCheckinLine {
  line: number;
  received: number;
  damaged: number;
  reason: string;
  note?: string;
}
interface DemoOrder {
  key: string;
  /** Days before the anchor it was delivered; placed two days before. */
  deliveredDaysAgo: number;
  lines: DemoLine[];
  checkin?: { lines: DemoCheckinLine[]; decision?: { creditNoteNumber: string; note: string; daysLater: number } };
  invoice?: { number: string; issuedDaysAgo: number; termsDays: number; payment?: { reference: string; daysAgo: number } };
}

/** Products 0–9 are dairy (the first leaves of generate-catalogue.ts), so even a 10-product catalogue has them. */
const ORDERS: DemoOrder[] = [
  {
    key: 'demo-after-delivery-1',
    deliveredDaysAgo: 50,
    lines: [
      { product: 0, quantity: 6 },
      { product: 1, quantity: 4 },
      { product: 2, quantity: 2 },
    ],
    checkin: {
      lines: [{ line: 1, received: 4, damaged: 1, reason: 'damaged', note: 'Case crushed at the corner' }],
      decision: { creditNoteNumber: 'CN-D90001', note: 'Credited in full', daysLater: 2 },
    },
    invoice: { number: 'INV-D90001', issuedDaysAgo: 50, termsDays: 30, payment: { reference: 'BACS-D90001', daysAgo: 24 } },
  },
  {
    key: 'demo-after-delivery-2',
    deliveredDaysAgo: 38,
    lines: [
      { product: 3, quantity: 5 },
      { product: 0, quantity: 3 },
    ],
    invoice: { number: 'INV-D90002', issuedDaysAgo: 38, termsDays: 30 },
  },
  {
    key: 'demo-after-delivery-3',
    deliveredDaysAgo: 5,
    lines: [
      { product: 1, quantity: 6 },
      { product: 2, quantity: 3 },
      { product: 4, quantity: 2 },
    ],
    checkin: {
      lines: [
        { line: 0, received: 5, damaged: 0, reason: 'short' },
        { line: 1, received: 3, damaged: 1, reason: 'outOfDate', note: 'Best before yesterday' },
      ],
    },
    invoice: { number: 'INV-D90003', issuedDaysAgo: 4, termsDays: 30 },
  },
  // Delivered yesterday with a substituted line, still open for check-in: the check-in counts the substitute.
  { key: 'demo-after-delivery-4', deliveredDaysAgo: 1, lines: [{ product: 0, quantity: 8, substitute: { product: 1, quantity: 8 } }, { product: 3, quantity: 2 }] },
];

const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface PricedLine {
  lineNumber: number;
  productCode: string;
  name: string;
  packSize: string;
  unitPricePence: number;
  vatRateBp: number;
  quantity: number;
  netPence: number;
  vatPence: number;
  allowSubstitute: boolean;
  substitution: LineSubstitution | null;
}

function pricedLines(order: DemoOrder, priceOf: (product: number) => number): PricedLine[] {
  return order.lines.map((line, lineNumber) => {
    const product = generateProduct(line.product);
    if (product.range !== AFTER_DELIVERY_DEMO.range) throw new Error(`demo product ${product.code} is not in ${AFTER_DELIVERY_DEMO.range}`);
    const unitPricePence = priceOf(line.product);
    const sent = line.substitute && generateProduct(line.substitute.product);
    const substitution = line.substitute && sent ? lineSubstitution(sent, { substitutedBy: sent.code, quantity: line.substitute.quantity, unitPrice: priceOf(line.substitute.product) }) : null;
    return {
      lineNumber,
      productCode: product.code,
      name: product.name,
      packSize: product.packSize,
      unitPricePence,
      vatRateBp: product.vatRateBp,
      quantity: line.quantity,
      ...lineAmounts(unitPricePence, line.quantity, product.vatRateBp),
      allowSubstitute: substitution !== null,
      substitution,
    };
  });
}

/** The order as the demo wants it (found by its idempotency key), its lines and its way to `delivered`. */
async function writeOrder(tx: Tx, userId: number, order: DemoOrder, anchor: string, lines: PricedLine[]): Promise<{ id: number; code: string }> {
  const deliveryDate = addDays(anchor, -order.deliveredDaysAgo);
  const placedDay = addDays(deliveryDate, -2);
  const totals = sentTotals(lines, { deliveryChargePence: 0, deliveryChargeVatPence: 0 });
  const values = {
    status: 'delivered' as const,
    placedAt: londonInstant(placedDay, '10:15'),
    deliveryDate,
    purchaseOrderNumber: null,
    deliveryInstructions: null,
    ...totals,
    approvalReasons: null,
  };
  const [found] = await tx.select({ id: orders.id, code: orders.code }).from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, order.key)));
  let written = found;
  if (found) {
    await tx.update(orders).set(values).where(eq(orders.id, found.id));
  } else {
    const [cart] = await tx
      .insert(carts)
      .values({ code: randomUUID(), userId, shipToCode: AFTER_DELIVERY_DEMO.shipTo, range: AFTER_DELIVERY_DEMO.range, status: 'ordered', requestedDeliveryDate: deliveryDate })
      .returning({ id: carts.id });
    if (!cart) throw new Error('demo cart insert returned nothing');
    [written] = await tx
      .insert(orders)
      .values({
        code: sql`'MV-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
        userId,
        shipToCode: AFTER_DELIVERY_DEMO.shipTo,
        soldToCode: AFTER_DELIVERY_DEMO.soldTo,
        range: AFTER_DELIVERY_DEMO.range,
        sourceCartId: cart.id,
        idempotencyKey: order.key,
        ...values,
      })
      .returning({ id: orders.id, code: orders.code });
  }
  if (!written) throw new Error(`demo order ${order.key} was not written`);
  const orderId = written.id;
  for (const line of lines) {
    const row = { ...line, orderId, deliveredQuantity: line.substitution?.quantity ?? line.quantity };
    await tx
      .insert(orderLines)
      .values(row)
      .onConflictDoUpdate({ target: [orderLines.orderId, orderLines.lineNumber], set: row });
  }
  const [changed] = await tx.select({ id: orderStatusChanges.id }).from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId)).limit(1);
  if (!changed) {
    const steps = [
      ['placed', 'confirmed', placedDay, '15:00'],
      ['confirmed', 'picking', addDays(deliveryDate, -1), '22:00'],
      ['picking', 'dispatched', deliveryDate, '05:30'],
      ['dispatched', 'delivered', deliveryDate, '09:40'],
    ] as const;
    await tx.insert(orderStatusChanges).values(steps.map(([fromStatus, toStatus, day, time]) => ({ orderId, fromStatus, toStatus, changedBy: DECIDED_BY, changedAt: londonInstant(day, time) })));
  }
  return written;
}

/** The check-in at the door and the credit request its differing lines made, decided or still open. */
async function writeCheckin(tx: Tx, userId: number, order: DemoOrder, orderId: number, anchor: string, lines: PricedLine[]): Promise<{ code: string; creditedPence: number; lines: PricedLine[] } | undefined> {
  const checkin = order.checkin;
  if (!checkin) return undefined;
  const deliveryDate = addDays(anchor, -order.deliveredDaysAgo);
  const checkedInAt = londonInstant(deliveryDate, '10:05');
  await tx.insert(orderCheckins).values({ orderId, userId, checkedInAt }).onConflictDoUpdate({ target: orderCheckins.orderId, set: { userId, checkedInAt } });
  const credited: (PricedLine & { reason: string })[] = [];
  for (const line of lines) {
    const differs = checkin.lines.find((entry) => entry.line === line.lineNumber);
    const row = { orderId, lineNumber: line.lineNumber, receivedQuantity: differs?.received ?? line.quantity, damagedQuantity: differs?.damaged ?? 0, reason: differs?.reason ?? null, note: differs?.note ?? null };
    await tx.insert(checkinLines).values(row).onConflictDoUpdate({ target: [checkinLines.orderId, checkinLines.lineNumber], set: row });
    if (differs) {
      // What is credited: the cases not received plus those received damaged, at the order line's own price.
      const quantity = line.quantity - differs.received + differs.damaged;
      credited.push({ ...line, quantity, ...lineAmounts(line.unitPricePence, quantity, line.vatRateBp), reason: differs.reason });
    }
  }
  const totals = sumTotals(credited);
  const decision = checkin.decision;
  const values = {
    userId,
    shipToCode: AFTER_DELIVERY_DEMO.shipTo,
    soldToCode: AFTER_DELIVERY_DEMO.soldTo,
    status: decision ? 'accepted' : 'requested',
    ...totals,
    creditedPence: decision ? totals.grossPence : null,
    decisionNote: decision?.note ?? null,
    creditNoteNumber: decision?.creditNoteNumber ?? null,
    decidedBy: decision ? DECIDED_BY : null,
    decidedAt: decision ? londonInstant(addDays(deliveryDate, decision.daysLater), '11:00') : null,
    createdAt: checkedInAt,
  };
  const [found] = await tx.select({ id: creditRequests.id, code: creditRequests.code }).from(creditRequests).where(eq(creditRequests.orderId, orderId));
  let request = found;
  if (found) await tx.update(creditRequests).set(values).where(eq(creditRequests.id, found.id));
  else {
    [request] = await tx
      .insert(creditRequests)
      .values({ code: sql`'CR-' || lpad(nextval('credit_request_number_seq')::text, 6, '0')`, orderId, ...values })
      .returning({ id: creditRequests.id, code: creditRequests.code });
  }
  if (!request) throw new Error(`demo credit request of ${order.key} was not written`);
  for (const line of credited) {
    // The demo's decision accepts in full: every line credited whole.
    const outcome = decision ? { creditedQuantity: line.quantity, creditedPence: line.netPence + line.vatPence } : { creditedQuantity: null, creditedPence: null };
    const row = { creditRequestId: request.id, lineNumber: line.lineNumber, quantity: line.quantity, reason: line.reason, netPence: line.netPence, vatPence: line.vatPence, ...outcome };
    await tx.insert(creditRequestLines).values(row).onConflictDoUpdate({ target: [creditRequestLines.creditRequestId, creditRequestLines.lineNumber], set: row });
  }
  return { code: request.code, creditedPence: totals.grossPence, lines: credited };
}

/** An invoice or credit note as the ERP would send it, written whole (by number) with its orders. */
async function writeInvoice(tx: Tx, number: string, input: InvoiceInput): Promise<number> {
  const values = {
    type: input.type,
    soldToCode: input.soldTo,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    lines: input.lines,
    netPence: input.net,
    vatPence: input.vat,
    grossPence: input.gross,
    pdf: null,
    contentHash: contentHash(input, null),
  };
  const [row] = await tx
    .insert(invoices)
    .values({ number, ...values })
    .onConflictDoUpdate({ target: invoices.number, set: values })
    .returning({ id: invoices.id });
  if (!row) throw new Error(`demo invoice ${number} was not written`);
  for (const orderCode of input.orderCodes) await tx.insert(invoiceOrders).values({ invoiceId: row.id, orderCode }).onConflictDoNothing();
  return row.id;
}

const invoiceLine = (line: Pick<PricedLine, 'productCode' | 'name' | 'packSize' | 'quantity' | 'netPence' | 'vatPence'>, prefix = '') => ({
  description: `${prefix}${line.productCode} ${line.name}, ${line.packSize}`,
  quantity: line.quantity,
  net: line.netPence,
  vat: line.vatPence,
});

export async function seedAfterDeliveryDemo(db: Db, now: Date, priceOf: (product: number) => number): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, AFTER_DELIVERY_DEMO.username));
  if (!user) throw new Error(`demo user ${AFTER_DELIVERY_DEMO.username} was not written`);
  const first = ORDERS[0] as DemoOrder;
  await db.transaction(async (tx) => {
    // The kitchen lets the warehouse substitute: its new cart lines start with "Allow a substitute" ticked.
    await tx.update(shipTos).set({ allowSubstitutes: true }).where(eq(shipTos.code, AFTER_DELIVERY_DEMO.shipTo));
    const [existing] = await tx.select({ deliveryDate: orders.deliveryDate }).from(orders).where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, first.key)));
    const anchor = existing ? addDays(existing.deliveryDate, first.deliveredDaysAgo) : londonWallClock(now).date;
    for (const order of ORDERS) {
      const lines = pricedLines(order, priceOf);
      const written = await writeOrder(tx, user.id, order, anchor, lines);
      const credit = await writeCheckin(tx, user.id, order, written.id, anchor, lines);
      if (!order.invoice) continue;
      const issueDate = addDays(anchor, -order.invoice.issuedDaysAgo);
      const totals = sumTotals(lines);
      const invoiceId = await writeInvoice(tx, order.invoice.number, {
        type: 'invoice',
        soldTo: AFTER_DELIVERY_DEMO.soldTo,
        issueDate,
        dueDate: addDays(issueDate, order.invoice.termsDays),
        orderCodes: [written.code],
        lines: lines.map((line) => invoiceLine(line)),
        net: totals.netPence,
        vat: totals.vatPence,
        gross: totals.grossPence,
      });
      const payment = order.invoice.payment;
      if (payment) {
        const paid = { amountPence: totals.grossPence, paidAt: londonInstant(addDays(anchor, -payment.daysAgo), '09:00') };
        await tx
          .insert(invoicePayments)
          .values({ invoiceId, reference: payment.reference, ...paid })
          .onConflictDoUpdate({ target: [invoicePayments.invoiceId, invoicePayments.reference], set: paid });
      }
      const decision = order.checkin?.decision;
      if (credit && decision) {
        const creditTotals = sumTotals(credit.lines);
        const creditDate = addDays(anchor, -order.deliveredDaysAgo + decision.daysLater);
        await writeInvoice(tx, decision.creditNoteNumber, {
          type: 'creditNote',
          soldTo: AFTER_DELIVERY_DEMO.soldTo,
          issueDate: creditDate,
          dueDate: creditDate,
          orderCodes: [written.code],
          lines: credit.lines.map((line) => invoiceLine(line, `${credit.code}: `)),
          net: creditTotals.netPence,
          vat: creditTotals.vatPence,
          gross: creditTotals.grossPence,
        });
      }
    }
  });
}
