import type { Result } from './result';

/**
 * How a route answers a use case: the value of a successful result, or the problem turned into the error
 * catalogue's ApiError (OAuthError on the token endpoint) by the module's mapping in its own
 * `problem-answers.ts` and thrown, for the error handler to render (docs/decisions/005-error-model.md).
 */
export function unwrap<T, P>(result: Result<T, P>, toError: (problem: P) => Error): T {
  if (!result.ok) throw toError(result.problem);
  return result.value;
}
