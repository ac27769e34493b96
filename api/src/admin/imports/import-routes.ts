import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { importRefusal } from '../problem-answers';
import { ApiError, badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { allow, currentOperator } from '../auth/admin-guard';
import { CATALOGUE_ROLES, SERVICE_ROLES } from '../auth/roles';
import { hasControlCharacters } from './control-characters';
import type { FileFormat } from './import-file';
import { listImportRuns } from './import-history';
import { IMPORT_KIND_NAMES, IMPORT_KINDS, kindChangesCatalogue } from './import-kinds';
import { templateCsv } from './import-template';
import { runImport } from './run-import';

/** Room for 100 000 products with every column; anything bigger is split by whoever exports it. */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;
const FORMATS: Record<string, FileFormat> = { 'text/csv': 'csv', 'text/plain': 'csv', 'application/csv': 'csv', 'application/json': 'json' };

const kindParams = z.object({ kind: z.enum(IMPORT_KIND_NAMES) });
const importQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('false'),
  fileName: z.string().trim().min(1).max(200).refine((name) => !hasControlCharacters(name), 'must not contain control characters').default('upload'),
});
const pageQuery = z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0), pageSize: z.coerce.number().int().min(1).max(100).default(20) });

const formatOf = (contentType: string | undefined): FileFormat | undefined => FORMATS[(contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''];

const tooLarge = (headers: Record<string, string> = {}) =>
  new ApiError(413, 'PayloadTooLargeError', `An import file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files`, 'tooLarge', 'file', headers);

/** Too large and unreadable uploads get a message that says what to do, not Fastify's generic text. */
function uploadError(error: FastifyError): ApiError | FastifyError {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge();
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return new ApiError(415, 'UnsupportedMediaTypeError', 'Send the file as CSV (text/csv) with a header row, or as JSON (application/json)', 'unsupported', 'file');
  }
  return error;
}

/**
 * The body's bytes as they arrive; past MAX_IMPORT_BYTES (a body sent without its length) the import fails with
 * 413, and an upload cut off half way (its transaction rolled back) with 400, never a 5xx.
 */
async function* withinLimit(body: Readable): AsyncGenerator<Buffer> {
  let received = 0;
  const chunks = body[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<unknown>;
    try {
      next = await chunks.next();
    } catch {
      throw badRequest('file', 'The upload was interrupted: send the file again');
    }
    if (next.done) return;
    const bytes = Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value));
    received += bytes.length;
    if (received > MAX_IMPORT_BYTES) {
      // The rest of the body is still on its way: the connection cannot carry another request, so it closes.
      throw tooLarge({ connection: 'close' });
    }
    yield bytes;
  }
}

/** POST /imports/{kind} (dry run or real), the history of runs, and a template per kind. */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  // Bodies are read by the import as they arrive (a 33 MB catalogue is never held whole): it decides what is
  // text, and answers a bad file with a report.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(Object.keys(FORMATS), (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError) => {
    throw uploadError(error);
  });

  app.post('/imports/:kind', { bodyLimit: MAX_IMPORT_BYTES }, async (request, reply) => {
    const { kind } = parseInput(kindParams, request.params, 'params');
    const operator = currentOperator(request);
    const roles = kindChangesCatalogue(kind) ? CATALOGUE_ROLES : SERVICE_ROLES;
    await allow(roles).call(app, request, reply);
    const query = parseInput(importQuery, request.query, 'query');
    const format = formatOf(request.headers['content-type']);
    if (!format || !(request.body instanceof Readable)) throw uploadError({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' } as FastifyError);
    if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES) throw tooLarge();
    const { report, disabledUserIds } = await runImport(db, { kind, bytes: withinLimit(request.body), format, fileName: query.fileName, dryRun: query.dryRun === 'true', operatorId: operator.id, now: app.clock(), mailTokenKey: app.mailTokenKey, cause: request.cause });
    // As on the customers page: this process forgets a disabled user's cached tokens at once, others within TOKEN_CACHE_SECONDS.
    for (const userId of disabledUserIds) app.principals.forgetUser(userId);
    if (report.outcome !== 'refused') return report;
    const refusal = importRefusal(report);
    return reply.code(refusal.status).send({ ...report, ...refusal.toBody() });
  });

  app.get('/imports', { preHandler: allow(SERVICE_ROLES) }, async (request) => {
    const { page, pageSize } = parseInput(pageQuery, request.query, 'query');
    return listImportRuns(db, page, pageSize);
  });

  app.get('/imports/kinds', { preHandler: allow(SERVICE_ROLES) }, async () => ({
    kinds: IMPORT_KIND_NAMES.map((name) => ({ kind: name, changesCatalogue: kindChangesCatalogue(name), columns: IMPORT_KINDS[name].columns })),
  }));

  app.get('/imports/:kind/template.csv', { preHandler: allow(SERVICE_ROLES) }, async (request, reply) => {
    const { kind } = parseInput(kindParams, request.params, 'params');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}-template.csv"`)
      .send(templateCsv(IMPORT_KINDS[kind].columns));
  });
}
