import { conflict, notFound, type ApiError } from '../http/errors';
import type { CreditProblem } from './problems';

/** The HTTP answers of credit control (docs/credit-control.md, docs/api.md's error catalogue). */
export function creditProblemToApiError(problem: CreditProblem): ApiError {
  switch (problem.kind) {
    case 'soldToUnknown':
      return notFound('CreditError', 'soldTo', `Sold-to '${problem.soldTo}' is not a customer of the shop`);
    case 'orderNotFound':
      return notFound('CreditError', 'code', `Order '${problem.code}' not found`);
    case 'notAwaitingCredit':
      return conflict('CreditError', 'code', `Order '${problem.code}' is not waiting for credit (it is ${problem.status})`);
    case 'cutoffPassed':
      return conflict('CreditError', 'code', `The cut-off of order '${problem.code}' has passed: it can no longer be released`);
    case 'buyerDisabled':
      return conflict('CreditError', 'code', `The buyer of order '${problem.code}' is disabled: it cannot be placed`);
    case 'orderChanged':
      return conflict('CreditError', 'code', `Order '${problem.code}' can no longer be placed as it is`);
  }
}
