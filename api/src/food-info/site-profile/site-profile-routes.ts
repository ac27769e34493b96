import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/bearer';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { siteProfileProblemToApiError } from './problem-answers';
import { profileBody, profileQuery, profileResponse } from './site-profile-schemas';
import { readSiteProfile, saveSiteProfile } from './site-profile-service';

/** A site's allergen profile (docs/food-information.md), under /occ/v2/b2b/users/current/allergenprofile. */
export async function siteProfileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/users/current/allergenprofile', { schema: { response: profileResponse } }, async (request) => {
    const { shipTo } = parseInput(profileQuery, request.query, 'query');
    return unwrap(await readSiteProfile(db, currentUser(request).id, shipTo), siteProfileProblemToApiError);
  });

  app.put('/users/current/allergenprofile', { schema: { response: profileResponse } }, async (request) => {
    const { shipTo } = parseInput(profileQuery, request.query, 'query');
    const { avoids } = parseInput(profileBody, request.body, 'body');
    return unwrap(await saveSiteProfile(db, currentUser(request).id, shipTo, avoids), siteProfileProblemToApiError);
  });
}
