import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANGES } from '../../accounts/ship-tos';
import { productProblemToApiError } from '../problem-answers';
import { unwrap } from '../../errors/reply';
import { parseInput } from '../../http/validate';
import { actorOf, allow, allowOperatorsOrIntegration, currentOperator } from '../auth/admin-guard';
import { foodInfoBody } from '../../food-info/food-info-input';
import { getFoodInfo, putFoodInfo } from '../../food-info/food-info-service';
import { foodInfoProblemToApiError } from '../../food-info/problem-answers';
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

const nutritionAnswer = {
  type: ['object', 'null'],
  properties: Object.fromEntries(['basis', 'energyKj', 'energyKcal', 'fat', 'saturates', 'carbohydrate', 'sugars', 'protein', 'salt'].map((key) => [key, { type: key === 'basis' ? 'string' : 'number' }])),
} as const;
const foodInfoAnswer = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    ingredients: { type: 'string' },
    allergens: { type: 'object', additionalProperties: { type: 'string' } },
    dietary: { type: 'array', items: { type: 'string' } },
    nutrition: nutritionAnswer,
    countryOfOrigin: { type: ['string', 'null'] },
    recipeVersion: { type: 'integer' },
    updatedAt: { type: 'string' },
  },
} as const;
const putFoodInfoAnswer = { type: 'object', properties: { outcome: { type: 'string', enum: ['created', 'updated', 'unchanged'] }, foodInfo: foodInfoAnswer } } as const;

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

  // The ERP keeps food information (integration scope products:write); operators who may change the catalogue too.
  const foodInfoGuard = { config: { integrationScope: 'products:write' }, preHandler: allowOperatorsOrIntegration(CATALOGUE_ROLES) };

  app.get('/products/:code/foodinfo', { ...foodInfoGuard, schema: { response: { 200: foodInfoAnswer } } }, async (request) => {
    const { code } = parseInput(productParams, request.params, 'params');
    return unwrap(await getFoodInfo(db, code), foodInfoProblemToApiError);
  });

  app.put('/products/:code/foodinfo', { ...foodInfoGuard, schema: { response: { 200: putFoodInfoAnswer, 201: putFoodInfoAnswer } } }, async (request, reply) => {
    const { code } = parseInput(productParams, request.params, 'params');
    const input = parseInput(foodInfoBody, request.body, 'body');
    const principal = request.adminPrincipal;
    const actor = { operatorId: principal?.kind === 'operator' ? principal.operator.id : null, by: actorOf(request), cause: request.cause };
    const result = unwrap(await putFoodInfo(db, code, input, actor, app.clock()), foodInfoProblemToApiError);
    return reply.code(result.outcome === 'created' ? 201 : 200).send(result);
  });

  app.put('/products/:code/active', { preHandler: allow(CATALOGUE_ROLES) }, async (request) => {
    const { code } = parseInput(productParams, request.params, 'params');
    const { active } = parseInput(activeBody, request.body, 'body');
    return unwrap(await setProductActive(db, currentOperator(request).id, code, active), productProblemToApiError);
  });
}
