import type { AccountProblem } from './problems';
import { notFound, type ApiError } from '../http/errors';

/** A ship-to the caller does not hold answers exactly like one that does not exist. */
export function accountProblemToApiError(problem: AccountProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${problem.shipTo}' with sales organisation '${problem.range}' not found`);
  }
}
