import { notFound, type ApiError } from '../http/errors';
import type { OrderGuideProblem } from './problems';

/** A product of another range answers exactly like one that does not exist. */
export function orderGuideProblemToApiError(problem: OrderGuideProblem): ApiError {
  switch (problem.kind) {
    case 'productNotInRange':
      return notFound('UnknownIdentifierError', 'productCode', `Product '${problem.productCode}' not found in the ${problem.range} range`);
  }
}
