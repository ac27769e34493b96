import type { ReminderSettingProblem } from './problems';
import { notFound, type ApiError } from '../http/errors';

/** The HTTP answers of the cut-off reminder settings (docs/phone.md "Cut-off reminders"). */
export function reminderSettingProblemToApiError(problem: ReminderSettingProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${problem.shipTo}' not found`);
  }
}
