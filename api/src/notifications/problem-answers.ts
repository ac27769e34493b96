import { badRequest, type ApiError } from '../http/errors';
import type { NotificationProblem } from './problems';

/** An unsubscribe link that cannot be used says so, naming the token, whatever the reason. */
export function notificationProblemToApiError(problem: NotificationProblem): ApiError {
  switch (problem.kind) {
    case 'unsubscribeLinkInvalid':
      return badRequest('token', 'This unsubscribe link has expired or was already used', 'UnsubscribeTokenError');
  }
}
