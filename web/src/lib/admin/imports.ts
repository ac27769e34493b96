import 'server-only';
import { errorBodyOf, readBody } from '../api/transport';
import { sendAsOperator } from './admin-client';
import { importReportSchema, type ImportReport } from './admin-schemas';
import type { AdminSession } from './admin-session-data';

/** The API's limit (admin/imports/import-routes.ts: MAX_IMPORT_BYTES); checked here first to spare the upload. */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;
export const IMPORT_KINDS = ['categories', 'products', 'prices', 'customers', 'promotions', 'datedPrices', 'volumeTiers'] as const;

export type ImportOutcome = { ok: true; report: ImportReport } | { ok: false; status: number; message: string };

/** JSON by its name; anything else goes as CSV, and the API says when it is not text at all. */
export const contentTypeFor = (fileName: string) => (/\.json$/i.test(fileName) ? 'application/json' : 'text/csv');

/**
 * Sends an import file to the API. A refused real run (422) still carries its report, so both 200 and 422 come
 * back as reports; anything else as the API's message.
 */
export async function sendImport(session: AdminSession, kind: string, bytes: Uint8Array<ArrayBuffer>, fileName: string, dryRun: boolean): Promise<ImportOutcome> {
  const response = await sendAsOperator(session, `/imports/${encodeURIComponent(kind)}`, {
    method: 'POST',
    query: { dryRun, fileName },
    raw: { content: bytes, contentType: contentTypeFor(fileName) },
    timeoutMs: 300_000,
  });
  if (!(response instanceof Response)) return { ok: false, status: 503, message: 'Temporary network error: please try again' };
  const body = await readBody(response);
  if (response.status === 200 || response.status === 422) {
    const report = importReportSchema.safeParse(body);
    if (report.success) return { ok: true, report: report.data };
  }
  if (response.status === 401) return { ok: false, status: 401, message: 'Your session has expired: sign in again' };
  const message = errorBodyOf(body)?.errors?.[0]?.message;
  return { ok: false, status: response.status, message: message ?? `The import failed (${response.status})` };
}
