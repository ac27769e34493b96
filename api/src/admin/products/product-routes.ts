import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANGES } from '../../accounts/ship-tos';
import { productProblemToApiError } from '../problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { CATALOGUE_ROLES, SERVICE_ROLES } from '../auth/roles';
import { productWithPrices, searchProductsForOperator, setProductActive } from './product-admin';

const productQuery = z.object({
  q: z.string().trim().max(100).optional(),
  range: z.enum(RANGES).optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const productParams = z.object({ code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/, 'must be a product code') });
const activeBody = z.object({ active: z.boolean() });

export async function adminProductRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/products', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const query = parseInput(productQuery, request.query, 'query');
    const active = query.active === undefined ? undefined : query.active === 'true';
    const found = await searchProductsForOperator(db, { ...query, q: query.q || undefined, active });
    return { ...found, page: query.page, pageSize: query.pageSize };
  });

  app.get('/products/:code', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { code } = parseInput(productParams, request.params, 'params');
    return unwrap(await productWithPrices(db, code), productProblemToApiError);
  });

  app.put('/products/:code/active', { preHandler: allow(CATALOGUE_ROLES) }, async (request) => {
    const { code } = parseInput(productParams, request.params, 'params');
    const { active } = parseInput(activeBody, request.body, 'body');
    return unwrap(await setProductActive(db, currentOperator(request).id, code, active), productProblemToApiError);
  });
}
