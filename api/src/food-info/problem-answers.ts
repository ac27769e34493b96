import { notFound, type ApiError } from '../http/errors';
import type { FoodInfoProblem } from './problems';

/** The HTTP answers of food information (docs/food-information.md). */
export function foodInfoProblemToApiError(problem: FoodInfoProblem): ApiError {
  switch (problem.kind) {
    case 'productNotFound':
      return notFound('ProductError', 'code', `Product '${problem.code}' not found`);
    case 'foodInfoNotSupplied':
      return notFound('ProductError', 'code', `Product '${problem.code}' has no food information yet`);
  }
}
