import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { shipTos, userRoles, userShipTos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import type { SiteSubstitutesProblem } from './problems';

/** A site's default for "Allow a substitute" on new cart lines, and whether the caller may change it. */
interface SiteSubstitutes {
  shipTo: { code: string; name: string };
  allowSubstitutes: boolean;
  canEdit: boolean;
}

/**
 * The ship-to as this user may see it, in one query: read by whoever orders for it and by the company admins of its
 * sold-to, changed by those admins only (as a site's allergen profile, docs/food-information.md). Undefined for
 * anyone else, exactly as for a ship-to that does not exist.
 */
async function settingFor(db: DbOrTx, userId: number, shipTo: string): Promise<SiteSubstitutes | undefined> {
  const rows = await db
    .select({
      code: shipTos.code,
      name: shipTos.name,
      allowSubstitutes: shipTos.allowSubstitutes,
      ordersFor: sql<boolean>`exists (select 1 from ${userShipTos} where ${userShipTos.userId} = ${userId} and ${userShipTos.shipToCode} = ${shipTos.code})`,
      admin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.soldToCode} = ${shipTos.soldToCode} and ${userRoles.role} = ${'admin'})`,
    })
    .from(shipTos)
    .where(eq(shipTos.code, shipTo))
    .limit(1);
  const row = rows[0];
  if (!row || !(row.ordersFor || row.admin)) return undefined;
  return { shipTo: { code: row.code, name: row.name }, allowSubstitutes: row.allowSubstitutes, canEdit: row.admin };
}

export async function readSiteSubstitutes(db: DbOrTx, userId: number, shipTo: string): Promise<Result<SiteSubstitutes, SiteSubstitutesProblem>> {
  const setting = await settingFor(db, userId, shipTo);
  return setting ? ok(setting) : fail({ kind: 'shipToNotFound', shipTo });
}

/**
 * A company admin sets the site's default, audited before and after in the same transaction; the same value again
 * changes and logs nothing. Lines already in carts that were never ticked or unticked follow the new default;
 * placed orders keep what they were placed with (docs/substitutions.md).
 */
export async function saveSiteSubstitutes(db: Db, userId: number, shipTo: string, allowSubstitutes: boolean): Promise<Result<SiteSubstitutes, SiteSubstitutesProblem>> {
  return inTransaction<SiteSubstitutes, SiteSubstitutesProblem>(db, async (tx) => {
    const locked = await tx.select({ code: shipTos.code }).from(shipTos).where(eq(shipTos.code, shipTo)).for('update').limit(1);
    if (locked.length === 0) return fail({ kind: 'shipToNotFound', shipTo });
    const before = await settingFor(tx, userId, shipTo);
    if (!before) return fail({ kind: 'shipToNotFound', shipTo });
    if (!before.canEdit) return fail({ kind: 'notCompanyAdmin', shipTo });
    if (before.allowSubstitutes === allowSubstitutes) return ok(before);
    await tx.update(shipTos).set({ allowSubstitutes }).where(eq(shipTos.code, shipTo));
    await recordAudit(tx, {
      operatorId: null,
      actorUserId: userId,
      action: 'shipTo.allowSubstitutes',
      subject: `shipTo:${shipTo}`,
      before: { allowSubstitutes: before.allowSubstitutes },
      after: { allowSubstitutes },
    });
    return ok({ ...before, allowSubstitutes });
  });
}
