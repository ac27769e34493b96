import type { CompanyProblem, SiteSubstitutesProblem } from './problems';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';

/** "3 hours", "1 hour", "20 minutes": when a limited action may be tried again. */
function waitText(seconds: number): string {
  if (seconds >= 90 * 60) return `${Math.round(seconds / 3600)} hours`;
  if (seconds >= 45 * 60) return 'an hour';
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

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
      // The same whoever the address belongs to (this company, another, nobody who may be linked): the answer
      // confirms no account, and says what to do next.
      return conflict(
        'UserError',
        'email',
        `${problem.email} cannot be invited here. Check the address; if this person already orders from Meadowvale Foods with it, call customer service on 0800 123 4567 to add your accounts to their sign-in.`,
      );
    case 'cannotDisableSelf':
      return conflict('UserError', 'active', 'You cannot disable yourself');
    case 'lastAdmin':
      return conflict('UserError', 'roles', `Sold-to '${problem.soldTo}' needs at least one active admin`);
    case 'invitationAccepted':
      return conflict('UserError', 'uid', `User '${problem.uid}' has already chosen a password`);
    case 'userDisabled':
      return conflict('UserError', 'status', `User '${problem.uid}' is disabled`);
    case 'resendLimited':
      return new ApiError(
        429,
        'TooManyRequestsError',
        `The invitation to ${problem.uid} has been resent ${problem.limit} times already. You can send it again in ${waitText(problem.retryAfterSeconds)}; meanwhile ask them to look in their spam folder.`,
        'rateLimited',
        'uid',
        { 'Retry-After': String(problem.retryAfterSeconds) },
      );
  }
}

/** The HTTP answers of a site's "Allow substitutes" default (docs/substitutions.md). */
export function siteSubstitutesProblemToApiError(problem: SiteSubstitutesProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${problem.shipTo}' not found`);
    case 'notCompanyAdmin':
      return forbidden(`Only a company admin can change whether ship-to '${problem.shipTo}' allows substitutes`, 'shipTo');
  }
}
