import { retryableConflict, serviceUnavailable, type ApiError } from './errors';

/**
 * Seconds a client is asked to wait (Retry-After) while the database is unavailable; a restart or a
 * fail-over takes a few seconds.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * What a failed database call means for the caller, read from the error the driver threw (pg, PGlite,
 * or the ORM wrapping either): the database cannot be reached (503, try later), or the statement lost a
 * race with another transaction (409, try again); anything else is a bug (500).
 */
export type DatabaseFailure = 'unavailable' | 'conflict';

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: class 08 connection exceptions; 57P01-57P03 the server shutting down or starting; 53300 too
 * many connections. And the races: unique_violation, serialization_failure, deadlock_detected.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
const CONFLICT_STATES = new Set(['23505', '40001', '40P01']);

/** pg, pg-pool and PGlite say "no connection" in messages only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/;

export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return 'unavailable';
    if (typeof code === 'string' && CONFLICT_STATES.has(code)) return 'conflict';
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return 'unavailable';
    pending.push(cause);
    // A refused connection to a host with several addresses (IPv4 and IPv6) is an AggregateError.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return undefined;
}

/**
 * The answer to a database failure, for both error handlers (OCC and OAuth): 503 with Retry-After while
 * the database is unavailable (the outage is logged once, not per request), 409 for a lost race.
 */
export function databaseErrorToApiError(error: unknown, outage: { noteRefused(error: unknown): void }): ApiError | undefined {
  const failure = databaseFailure(error);
  if (failure === 'unavailable') {
    outage.noteRefused(error);
    return serviceUnavailable(OUTAGE_RETRY_AFTER_SECONDS);
  }
  if (failure === 'conflict') return retryableConflict();
  return undefined;
}
