import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RANGES } from '../accounts/ship-tos';
import { catalogueProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { CategoryCache, categoryTree } from './category-cache';
import { priceClaim } from './price-scope';
import { offeredProducts } from './offered-products';
import { productDetail } from './product-detail';
import { searchProducts } from './product-search';
import { SearchIndex } from './search-index/search-index';
import { parseSearchQuery } from './search-query';
import { suggest } from './suggestions';
import { renderSpecificationPdf } from '../food-info/specification-pdf';

const code = z.string().trim().min(1).max(40);
/** OCC field sets (BASIC, DEFAULT, FULL) or a field list; accepted for compatibility, answers are always DEFAULT plus what is asked. */
const fields = z.string().max(2000).regex(/^[\w,()\s]*$/, 'must be a field set or field list').optional();

export const searchInput = z.object({
  query: z
    .string()
    .max(500)
    .optional()
    .transform((raw, context) => {
      const parsed = parseSearchQuery(raw);
      if (parsed.ok) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  currentPage: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  fields,
  salesOrg: z.enum(RANGES),
  shipTo: code.optional(),
  soldTo: code.optional(),
});

export const offersInput = z.object({
  fields,
  salesOrg: z.enum(RANGES),
  shipTo: code,
  soldTo: code.optional(),
});

export const suggestionInput = z.object({
  term: z.string().max(100).default(''),
  max: z.coerce.number().int().min(1).max(50).default(10),
  salesOrg: z.enum(RANGES).optional(),
  fields,
});

export const detailInput = z.object({
  fields,
  salesOrg: z.enum(RANGES).optional(),
  shipTo: code.optional(),
  soldTo: code.optional(),
});

export const categoryParams = z.object({ catalog: z.string(), version: z.string(), range: z.string() });
export const categoryInput = z.object({ fields });
export const detailParams = z.object({ code });

/**
 * Catalogue reads (docs/api.md). Decisions where the contract is silent:
 * - The catalogue itself (names, packs, categories, images) is public: anonymous and client-credentials
 *   callers may search and read products, without prices. Prices need `shipTo`: a ship-to the signed-in
 *   user holds, in the requested range; anything else answers 404 like a ship-to that does not exist.
 * - Search always names its range (`salesOrg`, required for every caller), so no answer mixes ranges.
 * - Suggestions take an optional `salesOrg` to narrow them; product detail an optional `salesOrg` that
 *   the product must belong to.
 */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const categories = new CategoryCache(db);
  const index = app.deps.config.searchIndex
    ? new SearchIndex(app.deps.database, { catalogueChanged: () => categories.clear(), log: app.log })
    : null;
  if (index !== null) {
    app.state.searchIndex = index;
    app.addHook('onClose', () => index.close());
    // Built in the background (seconds at 100 000 products): searches answer from SQL until it is ready.
    void index.start();
  }

  app.get('/catalogs/:catalog/:version/categories/:range', async (request, reply) => {
    const params = parseInput(categoryParams, request.params, 'params');
    parseInput(categoryInput, request.query, 'query');
    const tree = unwrap(await categoryTree(categories, params), catalogueProblemToApiError);
    reply.header('cache-control', 'public, max-age=300');
    return tree;
  });

  app.get('/products/search', async (request) => {
    const input = parseInput(searchInput, request.query, 'query');
    const claim = unwrap(priceClaim(request.principal, { range: input.salesOrg, shipTo: input.shipTo, soldTo: input.soldTo }), catalogueProblemToApiError);
    const rangeCategories = await categories.get(input.salesOrg);
    return unwrap(await searchProducts(db, index, input.salesOrg, claim, rangeCategories, { query: input.query, currentPage: input.currentPage, pageSize: input.pageSize }, app.clock()), catalogueProblemToApiError);
  });

  app.get('/products/suggestions', async (request) => {
    const input = parseInput(suggestionInput, request.query, 'query');
    return { suggestions: await suggest(db, { term: input.term, max: input.max, range: input.salesOrg }) };
  });

  // The sheet a kitchen files for its allergen records; seen by whoever may see the product page.
  app.get('/products/:code/specification.pdf', async (request, reply) => {
    const params = parseInput(detailParams, request.params, 'params');
    const product = unwrap(await productDetail(db, request.principal, { code: params.code }, app.clock()), catalogueProblemToApiError);
    const pdf = await renderSpecificationPdf(product, app.clock());
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="specification-${product.code}.pdf"`)
      .header('cache-control', 'private, max-age=300')
      .send(pdf);
  });

  app.get('/products/offers', async (request) => {
    const input = parseInput(offersInput, request.query, 'query');
    const claim = unwrap(priceClaim(request.principal, { range: input.salesOrg, shipTo: input.shipTo, soldTo: input.soldTo }), catalogueProblemToApiError);
    if (claim === null) throw new Error('a ship-to always makes a claim');
    return unwrap(await offeredProducts(db, claim, await categories.get(input.salesOrg), app.clock()), catalogueProblemToApiError);
  });

  app.get('/products/:code', async (request) => {
    const params = parseInput(detailParams, request.params, 'params');
    const input = parseInput(detailInput, request.query, 'query');
    return unwrap(await productDetail(db, request.principal, { code: params.code, ...input }, app.clock()), catalogueProblemToApiError);
  });
}
