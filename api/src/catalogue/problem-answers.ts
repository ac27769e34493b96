import { RANGES } from '../accounts/ship-tos';
import type { CatalogueProblem } from './problems';
import { badRequest, notFound, type ApiError } from '../http/errors';
import { accountProblemToApiError } from '../accounts/problem-answers';

export function catalogueProblemToApiError(problem: CatalogueProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return accountProblemToApiError(problem);
    case 'soldToWithoutShipTo':
      return badRequest('soldTo', "Invalid query field 'soldTo': only valid together with shipTo");
    case 'soldToNotFound':
      return notFound('UnknownIdentifierError', 'soldTo', `Sold-to '${problem.soldTo}' not found for ship-to '${problem.shipTo}'`);
    case 'productNotFound':
      return notFound('UnknownIdentifierError', 'code', `Product '${problem.code}' not found`);
    case 'catalogNotFound':
      return notFound('UnknownIdentifierError', 'catalog', `Catalog '${problem.catalog}' version '${problem.version}' not found`);
    case 'rangeUnknown':
      return badRequest('range', `Invalid params field 'range': unknown range '${problem.range}' (one of ${RANGES.join(', ')})`);
  }
}
