import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { lockedNames } from '../../auth/sign-in-limits';
import type { DbOrTx } from '../../db/client';
import { cutoffReminderSettings, shipToRanges, shipTos, soldTos, userShipTos, users } from '../../db/schema';
import type { CustomerScope } from '../operators/customer-scope';

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** A postcode as typed matches with or without its space, in any case ("yo211dh" finds YO21 1DH). */
const postcodePattern = (text: string) => likePattern(text.replace(/\s+/g, ''));

/**
 * Sold-tos for the back office, each with its ship-tos (ranges, delivery days, cut-off) and the users who
 * order for them. `q` matches a sold-to, ship-to or user by code, name or e-mail, and a ship-to by postcode.
 * `scope` narrows it to a rep's sold-tos in the same statement, so search and paging count only theirs.
 */
export async function listCustomers(db: DbOrTx, scope: CustomerScope, q: string | undefined, page: number, pageSize: number, defaultReminderHours: number) {
  if (scope.kind === 'assigned' && scope.soldTos.size === 0) return { soldTos: [], hasMore: false };
  const pattern = q ? likePattern(q) : undefined;
  const matching = pattern
    ? or(
        ilike(soldTos.code, pattern),
        ilike(soldTos.name, pattern),
        sql`exists (select 1 from ${shipTos} where ${shipTos.soldToCode} = ${soldTos.code} and (${shipTos.code} ilike ${pattern} or ${shipTos.name} ilike ${pattern}
          or replace(${shipTos.postcode}, ' ', '') ilike ${postcodePattern(q ?? '')}))`,
        sql`exists (select 1 from ${userShipTos} join ${shipTos} on ${shipTos.code} = ${userShipTos.shipToCode} join ${users} on ${users.id} = ${userShipTos.userId}
          where ${shipTos.soldToCode} = ${soldTos.code} and (${users.username} ilike ${pattern} or ${users.name} ilike ${pattern}))`,
      )
    : undefined;
  const scoped = scope.kind === 'assigned' ? inArray(soldTos.code, [...scope.soldTos]) : undefined;
  const soldToRows = await db.select().from(soldTos).where(and(scoped, matching)).orderBy(asc(soldTos.code)).limit(pageSize + 1).offset(page * pageSize);
  const pageRows = soldToRows.slice(0, pageSize);
  const codes = pageRows.map((row) => row.code);
  const shipToRows = codes.length === 0 ? [] : await db.select().from(shipTos).where(inArray(shipTos.soldToCode, codes)).orderBy(asc(shipTos.code));
  const shipToCodes = shipToRows.map((row) => row.code);
  const reminderRows = shipToCodes.length === 0 ? [] : await db.select().from(cutoffReminderSettings).where(inArray(cutoffReminderSettings.shipToCode, shipToCodes));
  const ownHours = new Map(reminderRows.map((row) => [row.shipToCode, row.hours]));
  const rangeRows = shipToCodes.length === 0 ? [] : await db.select().from(shipToRanges).where(inArray(shipToRanges.shipToCode, shipToCodes)).orderBy(asc(shipToRanges.position));
  const userRows =
    shipToCodes.length === 0
      ? []
      : await db
          .select({ shipToCode: userShipTos.shipToCode, username: users.username, name: users.name, customerId: users.customerId, status: users.status })
          .from(userShipTos)
          .innerJoin(users, eq(users.id, userShipTos.userId))
          .where(inArray(userShipTos.shipToCode, shipToCodes))
          .orderBy(asc(users.username));
  const locked = await lockedNames(db, [...new Set(userRows.map((row) => row.username))]);
  return {
    soldTos: pageRows.map((soldTo) => {
      const own = shipToRows.filter((shipTo) => shipTo.soldToCode === soldTo.code);
      const people = new Map<string, { username: string; name: string; customerId: string; status: string; locked: boolean; shipTos: string[] }>();
      for (const user of userRows.filter((row) => own.some((shipTo) => shipTo.code === row.shipToCode))) {
        const entry = people.get(user.username) ?? {
          username: user.username,
          name: user.name,
          customerId: user.customerId,
          status: user.status,
          locked: locked.has(user.username),
          shipTos: [],
        };
        entry.shipTos.push(user.shipToCode);
        people.set(user.username, entry);
      }
      return {
        code: soldTo.code,
        name: soldTo.name,
        shipTos: own.map((shipTo) => ({
          code: shipTo.code,
          name: shipTo.name,
          address: [shipTo.addressLine1, shipTo.town, shipTo.postcode].join(', '),
          cutoffTime: shipTo.cutoffTime,
          purchaseOrderRequired: shipTo.purchaseOrderRequired,
          ranges: rangeRows.filter((range) => range.shipToCode === shipTo.code).map((range) => ({
            code: range.range,
            deliveryWeekdays: range.deliveryWeekdays,
            // docs/minimum-order.md: null where the range has no minimum.
            minimumOrder:
              range.minimumOrderPence === null
                ? null
                : { minimumOrderPence: range.minimumOrderPence, belowMinimum: range.belowMinimum, deliveryChargePence: range.deliveryChargePence },
          })),
          // Hours before the cut-off its users are reminded (docs/phone.md); own: false follows CUTOFF_REMINDER_HOURS.
          cutoffReminder: { hours: ownHours.get(shipTo.code) ?? defaultReminderHours, own: ownHours.has(shipTo.code) },
        })),
        users: [...people.values()],
      };
    }),
    hasMore: soldToRows.length > pageSize,
  };
}

/** Users who order for no ship-to at all ("Account not configured") belong to no sold-to; listed on their own. */
export async function unconfiguredUsers(db: DbOrTx) {
  const rows = await db
    .select({ username: users.username, name: users.name, customerId: users.customerId, status: users.status })
    .from(users)
    .where(sql`not exists (select 1 from ${userShipTos} where ${userShipTos.userId} = ${users.id})`)
    .orderBy(asc(users.username))
    .limit(100);
  const locked = await lockedNames(db, rows.map((row) => row.username));
  return rows.map((row) => ({ username: row.username, name: row.name, customerId: row.customerId, status: row.status, locked: locked.has(row.username) }));
}
