import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/bearer';
import { companyProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { changeBody, inviteBody, uidParams } from './company-schemas';
import { rateLimitFor } from '../operations/rate-limit';
import { changeOrgUser, INVITATION_RESENDS, inviteOrgUser, readOrgUsers, resendOrgInvitation } from './org-user-service';

/** A company admin's users (docs/people.md, "Company admins"), under /users/current/orgUsers. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const acting = (request: FastifyRequest) => ({ adminId: currentUser(request).id, now: app.clock(), mailTokenKey: app.mailTokenKey, cause: request.cause });
  const resends = rateLimitFor(app, INVITATION_RESENDS);

  app.get('/users/current/orgUsers', { config: { customerOnly: true } }, async (request) => {
    return unwrap(await readOrgUsers(db, currentUser(request).id, app.clock()), companyProblemToApiError);
  });

  app.post('/users/current/orgUsers', { config: { customerOnly: true } }, async (request, reply) => {
    const body = parseInput(inviteBody, request.body, 'body');
    const created = unwrap(await inviteOrgUser(db, acting(request), body), companyProblemToApiError);
    return reply.code(201).send(created);
  });

  app.patch('/users/current/orgUsers/:uid', { config: { customerOnly: true } }, async (request) => {
    const { uid } = parseInput(uidParams, request.params, 'params');
    const body = parseInput(changeBody, request.body, 'body');
    const changed = unwrap(await changeOrgUser(db, acting(request), uid, body), companyProblemToApiError);
    if (changed.disabledUserId !== null) app.principals.forgetUser(changed.disabledUserId);
    return { ...changed.view, removed: changed.removed };
  });

  app.post('/users/current/orgUsers/:uid/invitation', { config: { customerOnly: true } }, async (request) => {
    const { uid } = parseInput(uidParams, request.params, 'params');
    return unwrap(await resendOrgInvitation(db, acting(request), uid, resends), companyProblemToApiError);
  });
}
