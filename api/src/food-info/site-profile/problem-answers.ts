import type { SiteProfileProblem } from './problems';
import { forbidden, notFound, type ApiError } from '../../http/errors';

/** The HTTP answers of a site's allergen profile (docs/food-information.md). */
export function siteProfileProblemToApiError(problem: SiteProfileProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${problem.shipTo}' not found`);
    case 'notCompanyAdmin':
      return forbidden(`Only a company admin can change the allergens ship-to '${problem.shipTo}' avoids`, 'shipTo');
  }
}
