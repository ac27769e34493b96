import { putCreditAccount } from '../credit-control/credit-accounts';
import type { Db } from '../db/client';
import { putInvoice } from '../invoices/erp-invoices';
import { addDays } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';

/** The credit demo's sold-tos, which pay list prices: they negotiated none, and the demo's price rules stay as they were. */
export const CREDIT_DEMO_SOLD_TOS: readonly string[] = ['0000100004', '0000100005'];

/** Dales Tearooms (tearoom@example.com): £4,850.00 owed against a £5,000.00 limit, so £150.00 is available. */
const CREDIT_CLOSE_DEMO = { soldTo: '0000100004', limitPence: 500_000, owedPence: 485_000 } as const;
/** Riverside Bistro (bistro@example.com): on hold, every order waits for the credit team. */
const CREDIT_HOLD_DEMO = { soldTo: '0000100005', reason: 'Invoice INV-DEMO-9001 is 60 days overdue' } as const;

/**
 * The credit control demo (docs/credit-control.md), written as the ERP would send it: one sold-to close to its
 * limit with an unpaid invoice, one on hold. Idempotent: a second run finds both unchanged.
 */
export async function seedCreditDemo(db: Db, now: Date): Promise<void> {
  const seed = { operatorId: null, by: 'system:demo-seed' };
  const issued = addDays(londonWallClock(now).date, -10);
  const owed = CREDIT_CLOSE_DEMO.owedPence;
  const invoice = { type: 'invoice' as const, soldTo: CREDIT_CLOSE_DEMO.soldTo, issueDate: issued, dueDate: addDays(issued, 30), orderCodes: [], lines: [{ description: 'Tearoom supplies, last month', quantity: 1, net: owed, vat: 0 }], net: owed, vat: 0, gross: owed };
  const wrote = await putInvoice(db, 'INV-DEMO-8001', invoice, seed);
  if (!wrote.ok) throw new Error(`credit demo invoice refused: ${wrote.problem.kind}`);
  for (const [soldTo, credit] of [
    [CREDIT_CLOSE_DEMO.soldTo, { limit: CREDIT_CLOSE_DEMO.limitPence, onHold: false, reason: null }],
    [CREDIT_HOLD_DEMO.soldTo, { limit: 1_000_000, onHold: true, reason: CREDIT_HOLD_DEMO.reason }],
  ] as const) {
    const set = await putCreditAccount(db, soldTo, credit, seed);
    if (!set.ok) throw new Error(`credit demo refused for ${soldTo}: ${set.problem.kind}`);
  }
}
