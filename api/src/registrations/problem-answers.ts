import { ApiError } from '../http/errors';
import type { RegistrationProblem } from './problems';

/** The HTTP answers of registration requests (docs/people.md); the back office's decisions on them answer in admin/registrations/. */
export function registrationProblemToApiError(problem: RegistrationProblem): ApiError {
  switch (problem.kind) {
    case 'confirmationInvalid':
      return new ApiError(400, 'RegistrationError', 'This link has expired or has already been used', problem.kind, 'token');
  }
}
