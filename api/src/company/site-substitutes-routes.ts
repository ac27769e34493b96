import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../auth/bearer';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { siteSubstitutesProblemToApiError } from './problem-answers';
import { readSiteSubstitutes, saveSiteSubstitutes } from './site-substitutes';

const query = z.object({ shipTo: z.string().trim().min(1).max(20) });
const body = z.object({ allowSubstitutes: z.boolean() });
const response = {
  200: {
    type: 'object',
    required: ['shipTo', 'allowSubstitutes', 'canEdit'],
    properties: {
      shipTo: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } },
      allowSubstitutes: { type: 'boolean' },
      canEdit: { type: 'boolean' },
    },
  },
} as const;

/** A site's "Allow substitutes" default (docs/substitutions.md), under /occ/v2/b2b/users/current/substitutes. */
export async function siteSubstitutesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/substitutes', { schema: { response } }, async (request) => {
    const { shipTo } = parseInput(query, request.query, 'query');
    return unwrap(await readSiteSubstitutes(db, currentUser(request).id, shipTo), siteSubstitutesProblemToApiError);
  });

  app.put('/users/current/substitutes', { schema: { response } }, async (request) => {
    const { shipTo } = parseInput(query, request.query, 'query');
    const { allowSubstitutes } = parseInput(body, request.body, 'body');
    return unwrap(await saveSiteSubstitutes(db, currentUser(request).id, shipTo, allowSubstitutes), siteSubstitutesProblemToApiError);
  });
}
