import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { catalogueProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { parseInput } from '../http/validate';
import { productImage } from './product-image';

/** A week: the picture only changes when a product is renamed or moved, and the ETag catches that on revalidation. */
const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

export const imageParams = z.object({ file: z.string().regex(/^[\w-]{1,40}\.svg$/, 'must be {code}.svg') });

/** Generated product pictures, served outside /occ (public, no token): `/images/products/{code}.svg`. */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.get('/images/products/:file', async (request, reply) => {
    const { file } = parseInput(imageParams, request.params, 'params');
    const code = file.slice(0, -'.svg'.length);
    const { svg, etag } = unwrap(await productImage(db, code), catalogueProblemToApiError);
    reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
