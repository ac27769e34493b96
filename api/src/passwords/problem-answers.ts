import type { ChangePasswordProblem, PasswordProblem, ResetPasswordProblem } from './problems';
import { ApiError, tooManyRequests } from '../http/errors';

/** A refused new password, named by the field it was sent in (docs/people.md "Passwords"). */
function passwordRefusal(problem: PasswordProblem, field: string): ApiError {
  const refuse = (message: string) => new ApiError(400, 'PasswordError', message, problem.kind, field);
  switch (problem.kind) {
    case 'passwordTooShort':
      return refuse(`Use at least ${problem.minLength} characters`);
    case 'passwordTooLong':
      return refuse(`Use at most ${problem.maxLength} characters`);
    case 'passwordIsEmail':
      return refuse('Do not use your e-mail address as your password');
    case 'passwordTooCommon':
      return refuse('This password is too common or has been in a data breach; choose another');
    case 'passwordUnchanged':
      return refuse('This is your current password; choose a new one');
  }
}

/** /resetpassword, for customers and operators alike: the link, then the new password. */
export function resetProblemToApiError(problem: ResetPasswordProblem): ApiError {
  if (problem.kind === 'tokenInvalid') return new ApiError(400, 'InvalidTokenError', 'This link is invalid or has expired', 'tokenInvalid', 'token');
  return passwordRefusal(problem, 'newPassword');
}

/** PUT /users/current/password `{old, new}`. */
export function changePasswordProblemToApiError(problem: ChangePasswordProblem): ApiError {
  switch (problem.kind) {
    case 'wrongPassword':
      return new ApiError(400, 'PasswordError', 'Current password is wrong', problem.kind, 'old');
    case 'locked':
      return new ApiError(400, 'PasswordError', 'Account Locked', problem.kind, 'old');
    case 'addressLimited':
      return tooManyRequests(problem.retryAfterSeconds);
    default:
      return passwordRefusal(problem, 'new');
  }
}
