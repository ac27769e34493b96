import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callOutcomes, operators, shipToRanges, shipTos, type CallOutcome } from '../db/schema';
import { recordAudit } from '../audit/record-audit';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { IsoDate } from '../time/calendar-date';
import { londonWallClock } from '../time/london-time';
import type { RecordedOutcome, SoldToScope } from './call-queries';
import type { CallProblem } from './problems';

interface OutcomeInput {
  shipTo: string;
  range: string;
  deliveryDate: IsoDate;
  outcome: CallOutcome;
  /** Only with 'callBack', and then required (the route's schema and the table's check say so). */
  callBackAt: Date | null;
  note: string | null;
}

/**
 * Records what came of a call about one delivery of a site (docs/calls.md), audited as `call.outcome` in the same
 * transaction. A ship-to outside the operator's scope is answered as unknown; the outcome of a delivery already
 * past, or a call back at a time gone by, is refused.
 */
export async function recordCallOutcome(db: Db, operatorId: number, scope: SoldToScope, input: OutcomeInput, now: Date): Promise<Result<RecordedOutcome, CallProblem>> {
  if (input.deliveryDate < londonWallClock(now).date) return fail({ kind: 'deliveryPast', deliveryDate: input.deliveryDate });
  if (input.callBackAt && input.callBackAt.getTime() <= now.getTime()) return fail({ kind: 'callBackPast' });
  return inTransaction<RecordedOutcome, CallProblem>(db, async (tx) => {
    const [site] = await tx.select({ soldTo: shipTos.soldToCode }).from(shipTos).where(eq(shipTos.code, input.shipTo)).limit(1);
    if (!site || (scope !== 'all' && !scope.has(site.soldTo))) return fail({ kind: 'shipToNotFound', shipTo: input.shipTo });
    const [range] = await tx
      .select({ range: shipToRanges.range })
      .from(shipToRanges)
      .where(and(eq(shipToRanges.shipToCode, input.shipTo), eq(shipToRanges.range, input.range)))
      .limit(1);
    if (!range) return fail({ kind: 'rangeNotDelivered', shipTo: input.shipTo, range: input.range });
    const [written] = await tx
      .insert(callOutcomes)
      .values({ shipToCode: input.shipTo, range: input.range, deliveryDate: input.deliveryDate, operatorId, outcome: input.outcome, callBackAt: input.callBackAt, note: input.note, at: now })
      .returning({ at: callOutcomes.at });
    const [operator] = await tx.select({ id: operators.id, name: operators.name }).from(operators).where(eq(operators.id, operatorId));
    if (!written || !operator) throw new Error('call outcome insert returned nothing');
    const recorded = { outcome: input.outcome, callBackAt: input.callBackAt, note: input.note, at: written.at, operator };
    await recordAudit(tx, {
      operatorId,
      action: 'call.outcome',
      subject: `shipTo:${input.shipTo}`,
      after: { range: input.range, deliveryDate: input.deliveryDate, outcome: input.outcome, callBackAt: input.callBackAt?.toISOString() ?? null, note: input.note },
    });
    return ok(recorded);
  });
}
