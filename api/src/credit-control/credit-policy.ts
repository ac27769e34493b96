import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { creditAccounts, creditHolds } from '../db/schema';
import type { Transition } from '../order-status/move-order';
import type { OrderInProcess, PlacementRequest } from '../order-status/order-in-process';
import { registerPlacementPolicy, registerReaction, type PlacementPolicy, type Reaction, type Settled, type Verdict } from '../order-status/order-process';
import { erpMayActOn, type OrderOrigin, type OrderStatus } from '../order-status/order-status';
import { CREDIT_EXPIRED, CREDIT_HELD, CREDIT_REJECTED, writeCreditNotice } from './credit-mail';
import { creditStanding } from './exposure';
import { holdMessage, type CreditHoldKind } from './hold-message';

const NAME = 'credit';

const pass: Verdict = { kind: 'pass' };

/** Why an order waits for credit, as the policy hands it to its reaction (and the hold row keeps it). */
interface CreditHoldReason {
  kind: CreditHoldKind;
  reason: string | null;
  limitPence: number;
  availablePence: number;
  message: string;
}

/**
 * The sold-to's credit as a placement policy (docs/credit-control.md): an order of a sold-to on hold, or one
 * over the credit still available, waits for the credit team (awaitingCredit). Asked after approval's policy,
 * whose hold comes first. The sold-to's credit row is locked first, so two checkouts for its last credit are
 * checked one after the other, the second seeing the first's order. No credit row: no limit. An order the ERP
 * already has (placed, amended) and one the credit team released pass.
 */
const creditPolicy: PlacementPolicy = {
  name: NAME,
  async guard(tx: Tx, request: PlacementRequest): Promise<Verdict> {
    if (request.by.cause === 'creditRelease' || erpMayActOn(request.from)) return pass;
    const { order } = request;
    const [account] = await tx.select({ soldTo: creditAccounts.soldToCode }).from(creditAccounts).where(eq(creditAccounts.soldToCode, order.soldToCode)).for('update');
    if (!account) return pass;
    const standing = await creditStanding(tx, order.soldToCode, order.id);
    if (!standing) return pass;
    const kind: CreditHoldKind | undefined = standing.onHold ? 'onHold' : order.grossPence > standing.availablePence ? 'overLimit' : undefined;
    if (!kind) return pass;
    const message = holdMessage(kind, { reason: standing.reason, orderPence: order.grossPence, availablePence: standing.availablePence });
    const reason: CreditHoldReason = { kind, reason: standing.reason, limitPence: standing.limitPence, availablePence: standing.availablePence, message };
    return { kind: 'hold', status: 'awaitingCredit', reasons: [{ ...reason }] };
  },
};

const holdReasonOf = (settled: Settled | undefined): CreditHoldReason | undefined => {
  const verdict = settled?.verdicts.get(NAME);
  return verdict?.kind === 'hold' ? (verdict.reasons[0] as unknown as CreditHoldReason | undefined) : undefined;
};

/** The most a sold-to can be over its limit as the hold row keeps it (an integer column): far beyond any real debt. */
const LOWEST_KEPT_PENCE = -2_147_483_648;

/** Keeps why the order waits (a new hold starts undecided), in the move's transaction. */
async function keepHold(tx: Tx, orderId: number, hold: CreditHoldReason): Promise<void> {
  const availablePence = Math.max(hold.availablePence, LOWEST_KEPT_PENCE);
  const values = { kind: hold.kind, reason: hold.reason, message: hold.message, limitPence: hold.limitPence, availablePence };
  const undecided = { decision: null, comment: null, operatorId: null, decidedAt: null };
  await tx
    .insert(creditHolds)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: creditHolds.orderId, set: { ...values, ...undecided, heldAt: sql`now()` } });
}

/**
 * What follows an order's moves in and out of awaitingCredit: the hold is kept and the buyer told why it
 * waits; a rejection or an expiry is told to the buyer. A release is an ordinary placing: the ERP and the
 * buyer hear order.placed.
 */
const creditNotices: Reaction = {
  name: NAME,
  async after(tx: Tx, subject: OrderInProcess, from: OrderOrigin, to: OrderStatus, transition: Transition, settled?: Settled): Promise<void> {
    const hold = holdReasonOf(settled);
    if (to === 'awaitingCredit' && hold) {
      await keepHold(tx, subject.order.id, hold);
      if (from !== to) await writeCreditNotice(tx, CREDIT_HELD, subject, hold.message, transition.by.trace);
    } else if (from === 'awaitingCredit' && to === 'rejected') await writeCreditNotice(tx, CREDIT_REJECTED, subject, transition.note, transition.by.trace);
    else if (from === 'awaitingCredit' && to === 'expired') await writeCreditNotice(tx, CREDIT_EXPIRED, subject, null, transition.by.trace);
  },
};

/** At start-up, after approvals: credit's policy and reactions join the order process. */
export function registerCreditControl(): void {
  registerPlacementPolicy(creditPolicy);
  registerReaction(creditNotices);
}
