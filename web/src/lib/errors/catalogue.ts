import type { AppError } from './app-error';

/** docs/storefront-requirements.md §8 error catalogue, word for word. The one module that turns failures into user-facing text. */
const UNEXPECTED = 'An unexpected error occurred';

export function sessionExpired(): AppError {
  return { type: 'SessionExpired', title: 'Your session has expired', description: 'Please login again' };
}

export function failedToFetch(): AppError {
  return { type: 'FailedToFetch', title: 'Temporary network error', description: 'Please try again' };
}

export function clientCredentialFailure(): AppError {
  return { type: 'ClientCredentialFailure', title: UNEXPECTED, description: 'Failed to retrieve client credentials.' };
}

export function serverStatusError(status: number, statusText: string): AppError {
  return { type: 'ServerStatusErrorFallback', title: UNEXPECTED, description: `${status} ${statusText}`.trim(), status };
}

function cartFailedToLoad(cartId?: string): AppError {
  return {
    type: 'CartFailedToLoad',
    title: UNEXPECTED,
    description: cartId ? `Failed to load cart #${cartId}` : 'Failed to load shopping cart',
  };
}

/** A cart that the API could not give says so (CartFailedToLoad); a lost connection or session keeps its own message. */
export function cartLoadError(error: AppError, cartId?: string): AppError {
  return error.type === 'ServerStatusErrorFallback' || error.type === 'Default' ? cartFailedToLoad(cartId) : error;
}

export function defaultError(): AppError {
  return {
    type: 'Default',
    title: UNEXPECTED,
    description: 'Please try again, if error occurred again please contact customer service',
  };
}

const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

export const SIGNED_OUT_MESSAGE = 'You have been logged out';

export interface OccErrorBody {
  errors?: { type?: string; reason?: string; message?: string; subject?: string }[];
  error?: string;
  error_description?: string;
}

/**
 * docs/storefront-requirements.md §7: an errors array yields the first error (its message is the API's own user-facing text, built from
 * its catalogue); otherwise error/error_description; otherwise the status fallback.
 */
export function fromApiResponse(status: number, statusText: string, body: OccErrorBody | undefined): AppError {
  // An outage or load shedding (503 with Retry-After) and a failing gateway are the network's fault, not the
  // customer's: docs/storefront-requirements.md §8 FailedToFetch, "Please try again".
  if (UNAVAILABLE_STATUSES.has(status)) return { ...failedToFetch(), status };
  const first = body?.errors?.[0];
  if (first?.message) {
    return { type: first.type ?? 'Default', title: UNEXPECTED, description: first.message, status, reason: first.reason, subject: first.subject };
  }
  if (body?.error) {
    return { type: body.error, title: UNEXPECTED, description: body.error_description ?? body.error, status, reason: body.error };
  }
  return serverStatusError(status, statusText);
}
