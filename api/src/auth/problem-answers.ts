import type { AssistedSessionProblem, GrantProblem } from './problems';
import { ApiError, notFound } from '../http/errors';
import { OAuthError, accountLocked, badCredentials, tooManySignIns } from '../http/oauth-errors';

/** The token endpoint's answers (RFC 6749 §5.2 shape) to a refused grant. */
export function grantProblemToOAuthError(problem: GrantProblem): OAuthError {
  switch (problem.kind) {
    case 'badCredentials':
      return badCredentials();
    case 'locked':
      return accountLocked();
    case 'addressLimited':
      return tooManySignIns(problem.retryAfterSeconds);
    case 'userDisabled':
      return new OAuthError(400, 'invalid_grant', problem.byCompany ? 'User is disabled by their company' : 'User is disabled');
    case 'accountNotConfigured':
      return new OAuthError(400, 'invalid_grant', 'Account not configured');
    case 'invalidRefreshToken':
      return new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
  }
}

/** An operator's session acting for a customer: only its own tokens see it, a customer's answer as if none existed. */
export function assistedSessionProblemToApiError(problem: AssistedSessionProblem): ApiError {
  switch (problem.kind) {
    case 'sessionNotFound':
      return notFound('AssistedSessionError', 'assistedSession', 'No session acting for this customer');
  }
}
