import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { shipToAllergenProfiles, shipTos, userRoles, userShipTos } from '../../db/schema';
import { recordAudit } from '../../audit/record-audit';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { ALLERGENS, type Allergen } from '../allergens';
import type { SiteProfileProblem } from './problems';

/** What a site avoids, as the storefront shows it beside products, and whether the caller may change it. */
export interface SiteProfile {
  shipTo: { code: string; name: string };
  /** In ALLERGENS (label) order, each once. */
  avoids: Allergen[];
  canEdit: boolean;
}

/** The list in label order, each allergen once: the same choice always stores and answers the same list. */
const inLabelOrder = (avoids: readonly string[]): Allergen[] => ALLERGENS.filter((allergen) => avoids.includes(allergen));

/**
 * The ship-to as this user may see it, in one query: readable by whoever orders for it and by the company admins
 * of its sold-to (who run its site without ordering for it, docs/people.md); changeable by those admins only.
 * Undefined when the user is neither, exactly as when no such ship-to exists.
 */
async function profileFor(db: DbOrTx, userId: number, shipTo: string): Promise<SiteProfile | undefined> {
  const rows = await db
    .select({
      code: shipTos.code,
      name: shipTos.name,
      avoids: shipToAllergenProfiles.avoids,
      ordersFor: sql<boolean>`exists (select 1 from ${userShipTos} where ${userShipTos.userId} = ${userId} and ${userShipTos.shipToCode} = ${shipTos.code})`,
      admin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.soldToCode} = ${shipTos.soldToCode} and ${userRoles.role} = ${'admin'})`,
    })
    .from(shipTos)
    .leftJoin(shipToAllergenProfiles, eq(shipToAllergenProfiles.shipToCode, shipTos.code))
    .where(eq(shipTos.code, shipTo))
    .limit(1);
  const row = rows[0];
  if (!row || !(row.ordersFor || row.admin)) return undefined;
  return { shipTo: { code: row.code, name: row.name }, avoids: inLabelOrder(row.avoids ?? []), canEdit: row.admin };
}

export async function readSiteProfile(db: DbOrTx, userId: number, shipTo: string): Promise<Result<SiteProfile, SiteProfileProblem>> {
  const profile = await profileFor(db, userId, shipTo);
  return profile ? ok(profile) : fail({ kind: 'shipToNotFound', shipTo });
}

/**
 * A company admin sets every allergen the site avoids, audited in the same transaction, before and after. The
 * ship-to row is locked so two admins saving at once are applied one after the other, each audited against what
 * the other left. The same list again changes nothing and logs nothing.
 */
export async function saveSiteProfile(db: Db, userId: number, shipTo: string, avoids: readonly Allergen[]): Promise<Result<SiteProfile, SiteProfileProblem>> {
  return inTransaction<SiteProfile, SiteProfileProblem>(db, async (tx) => {
    const locked = await tx.select({ code: shipTos.code }).from(shipTos).where(eq(shipTos.code, shipTo)).for('update').limit(1);
    if (locked.length === 0) return fail({ kind: 'shipToNotFound', shipTo });
    const before = await profileFor(tx, userId, shipTo);
    if (!before) return fail({ kind: 'shipToNotFound', shipTo });
    if (!before.canEdit) return fail({ kind: 'notCompanyAdmin', shipTo });
    const wanted = inLabelOrder(avoids);
    if (wanted.join() === before.avoids.join()) return ok(before);
    await tx
      .insert(shipToAllergenProfiles)
      .values({ shipToCode: shipTo, avoids: wanted })
      .onConflictDoUpdate({ target: shipToAllergenProfiles.shipToCode, set: { avoids: wanted, updatedAt: new Date() } });
    await recordAudit(tx, {
      operatorId: null,
      actorUserId: userId,
      action: 'shipTo.allergenProfile',
      subject: `shipTo:${shipTo}`,
      before: { avoids: before.avoids },
      after: { avoids: wanted },
    });
    return ok({ ...before, avoids: wanted });
  });
}
