import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { customerProblemToApiError } from '../../errors/catalogue/admin';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { SERVICE_ROLES } from '../auth/roles';
import { listCustomers, unconfiguredUsers } from './customer-directory';
import { changeUserStatus } from './user-status';

const customerQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const userParams = z.object({
  username: z.string().trim().min(3).max(254).regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'),
  action: z.enum(['disable', 'enable', 'unlock']),
});

export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/customers', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const query = parseInput(customerQuery, request.query, 'query');
    const found = await listCustomers(db, query.q || undefined, query.page, query.pageSize);
    return { ...found, unconfiguredUsers: query.page === 0 && !query.q ? await unconfiguredUsers(db) : [], page: query.page, pageSize: query.pageSize };
  });

  app.post('/users/:username/:action', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { username, action } = parseInput(userParams, request.params, 'params');
    const changed = unwrap(await changeUserStatus(db, currentOperator(request).id, username, action), customerProblemToApiError);
    // This process forgets the user's cached tokens at once; others within TOKEN_CACHE_SECONDS.
    app.principals.forgetUser(changed.userId);
    return { username: username.toLowerCase(), ...changed.state };
  });
}
