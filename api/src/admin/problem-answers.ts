import type { OperatorSignInProblem } from './auth/problems';
import type { CustomerProblem } from './customers/problems';
import type { ImportReport } from './imports/import-report';
import type { MailProblem } from './mail/problems';
import type { ProductProblem } from './products/problems';
import { ApiError, conflict, notFound, tooManyRequests } from '../http/errors';

/** The HTTP answers of the back office's problems (docs/back-office.md). */
export function customerProblemToApiError(problem: CustomerProblem): ApiError {
  switch (problem.kind) {
    case 'userNotFound':
      return notFound('UserError', 'username', `User '${problem.username}' not found`);
    case 'statusUnchangeable':
      return conflict('UserError', 'status', `User '${problem.username}' is ${problem.status}: cannot ${problem.action}`);
    case 'shipToRangeNotFound':
      return notFound('ShipToError', 'code', `Ship-to '${problem.shipTo}' does not order the ${problem.range} range`);
  }
}

export function productProblemToApiError(problem: ProductProblem): ApiError {
  switch (problem.kind) {
    case 'productNotFound':
      return notFound('ProductError', 'code', `Product '${problem.code}' not found`);
  }
}

export function mailProblemToApiError(problem: MailProblem): ApiError {
  switch (problem.kind) {
    case 'mailNotFound':
      return notFound('MailError', 'id', `Mail ${problem.id} not found`);
  }
}

/** The storefront shows the message; the reason (the problem's kind) tells it which. */
export function operatorSignInProblemToApiError(problem: OperatorSignInProblem): ApiError {
  switch (problem.kind) {
    case 'badCredentials':
      return new ApiError(400, 'AuthenticationError', 'Bad credentials', problem.kind, 'email');
    case 'locked':
      return new ApiError(400, 'AuthenticationError', 'Account Locked', problem.kind, 'email');
    case 'disabled':
      return new ApiError(400, 'AuthenticationError', 'User is disabled', problem.kind, 'email');
    case 'addressLimited':
      return tooManyRequests(problem.retryAfterSeconds);
  }
}

/** A refused import: nothing was written. The route sends it beside the report, which says row by row why. */
export function importRefusal(report: Pick<ImportReport, 'refused'>): ApiError {
  const what = `${report.refused || 'The file'} ${report.refused === 1 ? 'row was' : report.refused ? 'rows were' : 'was'}`;
  return new ApiError(422, 'ImportError', `${what} refused: nothing was written`, 'invalidRows', 'file');
}
