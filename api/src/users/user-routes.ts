import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listUserShipTos } from '../accounts/ship-tos';
import { users } from '../db/schema';
import { currentUser } from '../auth/bearer';
import { rolesBySoldTo } from './roles';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current', async (request) => {
    const user = currentUser(request);
    const [shipTos, roles, [signIns]] = await Promise.all([
      listUserShipTos(db, user.id),
      rolesBySoldTo(db, user.id),
      db.select({ previous: users.previousSignInAt }).from(users).where(eq(users.id, user.id)),
    ]);
    return {
      uid: user.username,
      username: user.username,
      customerId: user.customerId,
      name: user.name,
      email: user.email,
      shipTos: shipTos.map((shipTo) => ({
        code: shipTo.code,
        name: shipTo.name,
        soldTo: shipTo.soldTo,
        salesOrgs: shipTo.ranges.map((range) => ({ code: range.code })),
        address: { line1: shipTo.addressLine1, town: shipTo.town, postalCode: shipTo.postcode },
        cutoffTime: shipTo.cutoffTime,
        purchaseOrderRequired: shipTo.purchaseOrderRequired,
      })),
      // What the storefront shows: company pages for admins, approvals for approvers (docs/people.md).
      roles: [...roles].sort(([a], [b]) => a.localeCompare(b)).map(([soldTo, held]) => ({ soldTo, roles: held })),
      // No sign-in before this session's: the shop says "Welcome", not "Welcome back" (docs/people.md).
      firstSignIn: (signIns?.previous ?? null) === null,
    };
  });
}
