import type { ApiError } from '../http/errors';
import type { Result } from './result';

/**
 * How a route answers a use case: the value of a successful result, or the problem turned into the error
 * catalogue's ApiError by the module's mapping in `errors/catalogue/` and thrown, for the one error handler
 * in app.ts to render (docs/decisions/005-error-model.md).
 */
export function unwrap<T, P>(result: Result<T, P>, toApiError: (problem: P) => ApiError): T {
  if (!result.ok) throw toApiError(result.problem);
  return result.value;
}
