import type { CompanyProblem } from '../../company/problems';
import { badRequest, conflict, forbidden, notFound, type ApiError } from '../../http/errors';

/** The HTTP answers of the company admins' use cases (docs/people.md, "Company admins"). */
export function companyProblemToApiError(problem: CompanyProblem): ApiError {
  switch (problem.kind) {
    case 'notCompanyAdmin':
      return forbidden('Only a company admin can manage users');
    case 'userNotFound':
      return notFound('UnknownIdentifierError', 'uid', `User '${problem.uid}' not found`);
    case 'shipToNotFound':
      return notFound('UnknownIdentifierError', 'shipTos', `Ship-to '${problem.shipTo}' not found`);
    case 'soldToNotFound':
      return notFound('UnknownIdentifierError', 'roles', `Sold-to '${problem.soldTo}' not found`);
    case 'roleWithoutShipTo':
      return badRequest('roles', `Roles at sold-to '${problem.soldTo}' need one of its ship-tos`);
    case 'roleNotHeld':
      return forbidden(`You cannot give the role '${problem.role}': you do not hold it at sold-to '${problem.soldTo}'`, 'roles');
    case 'emailTaken':
      return conflict('UserError', 'email', `A user with the e-mail address '${problem.email}' already exists`);
    case 'cannotDisableSelf':
      return conflict('UserError', 'active', 'You cannot disable yourself');
    case 'lastAdmin':
      return conflict('UserError', 'roles', `Sold-to '${problem.soldTo}' needs at least one active admin`);
    case 'invitationAccepted':
      return conflict('UserError', 'uid', `User '${problem.uid}' has already chosen a password`);
    case 'userDisabled':
      return conflict('UserError', 'status', `User '${problem.uid}' is disabled`);
  }
}
