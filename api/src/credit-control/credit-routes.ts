import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/bearer';
import { money } from '../pricing/money';
import { creditOfUser, type SoldToCredit } from './customer-credit';
import { creditStandingSchema } from './credit-schemas';

const creditAnswer = {
  type: 'object',
  properties: {
    soldTos: {
      type: 'array',
      items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' }, ...creditStandingSchema.properties } },
    },
  },
} as const;

export const creditStandingView = (credit: Omit<SoldToCredit, 'code' | 'name'>) => ({
  limit: money(credit.limitPence),
  exposure: money(credit.exposurePence),
  available: money(credit.availablePence),
  onHold: credit.onHold,
  reason: credit.reason,
});

/** The customer's credit (docs/credit-control.md): each of the user's sold-tos with a credit record. */
export async function creditControlRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.get('/users/current/credit', { schema: { response: { 200: creditAnswer } } }, async (request) => {
    const user = currentUser(request);
    const credits = await creditOfUser(db, user.id);
    return { soldTos: credits.map((credit) => ({ code: credit.code, name: credit.name, ...creditStandingView(credit) })) };
  });
}
