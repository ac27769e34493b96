import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { cutoffReminderSettings, shipTos } from '../db/schema';
import { recordAudit } from '../audit/record-audit';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { ReminderSettingProblem } from './problems';

/** The most hours before a cut-off a reminder may go (the same bound as CUTOFF_REMINDER_HOURS). */
export const MAX_REMINDER_HOURS = 48;

/** A ship-to's reminder hours as the back office shows them: its own, or the default it follows. */
export interface ReminderSetting {
  shipTo: string;
  /** Hours before the cut-off the ship-to's users are reminded; 0: no reminders. */
  hours: number;
  /** False: no own setting, `hours` is CUTOFF_REMINDER_HOURS. */
  own: boolean;
  defaultHours: number;
}

async function settingOf(db: DbOrTx, shipTo: string, defaultHours: number): Promise<ReminderSetting | undefined> {
  const rows = await db
    .select({ code: shipTos.code, hours: cutoffReminderSettings.hours })
    .from(shipTos)
    .leftJoin(cutoffReminderSettings, eq(cutoffReminderSettings.shipToCode, shipTos.code))
    .where(eq(shipTos.code, shipTo))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { shipTo: row.code, hours: row.hours ?? defaultHours, own: row.hours !== null, defaultHours };
}

export async function readReminderSetting(db: DbOrTx, shipTo: string, defaultHours: number): Promise<Result<ReminderSetting, ReminderSettingProblem>> {
  const setting = await settingOf(db, shipTo, defaultHours);
  return setting ? ok(setting) : fail({ kind: 'shipToNotFound', shipTo });
}

/**
 * An operator sets a ship-to's own hours (0 turns its reminders off) or, with null, returns it to the default;
 * audited in the same transaction, before and after. The same value again changes nothing and logs nothing.
 */
export async function setReminderHours(
  db: Db,
  operatorId: number,
  shipTo: string,
  hours: number | null,
  defaultHours: number,
): Promise<Result<ReminderSetting, ReminderSettingProblem>> {
  return inTransaction<ReminderSetting, ReminderSettingProblem>(db, async (tx) => {
    const locked = await tx.select({ code: shipTos.code }).from(shipTos).where(eq(shipTos.code, shipTo)).for('update').limit(1);
    if (locked.length === 0) return fail({ kind: 'shipToNotFound', shipTo });
    const before = await settingOf(tx, shipTo, defaultHours);
    if (!before) return fail({ kind: 'shipToNotFound', shipTo });
    if (hours === null) {
      if (!before.own) return ok(before);
      await tx.delete(cutoffReminderSettings).where(eq(cutoffReminderSettings.shipToCode, shipTo));
    } else {
      if (before.own && before.hours === hours) return ok(before);
      await tx
        .insert(cutoffReminderSettings)
        .values({ shipToCode: shipTo, hours })
        .onConflictDoUpdate({ target: cutoffReminderSettings.shipToCode, set: { hours, updatedAt: new Date() } });
    }
    const after = (await settingOf(tx, shipTo, defaultHours)) ?? before;
    await recordAudit(tx, {
      operatorId,
      action: 'shipTo.cutoffReminder',
      subject: `shipTo:${shipTo}`,
      before: { hours: before.own ? before.hours : null },
      after: { hours: after.own ? after.hours : null },
    });
    return ok(after);
  });
}
