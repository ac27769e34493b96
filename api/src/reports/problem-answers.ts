import { ApiError, badRequest, forbidden } from '../http/errors';
import { MAX_DAYS } from './report-days';
import { MAX_MONTHS } from './report-months';
import type { ReportProblem } from './problems';

/** The HTTP answers of the reports (docs/reports.md), in one place. */
export function reportProblemToApiError(problem: ReportProblem): ApiError {
  switch (problem.kind) {
    case 'notCompanyAdmin':
      return forbidden("Only a company's admins see its spend report", 'scope');
    case 'periodReversed':
      return badRequest('from', 'The first month comes after the last');
    case 'periodTooLong':
      return badRequest('to', `A report covers at most ${MAX_MONTHS} months, not ${problem.months}`);
    case 'daysTooMany':
      return badRequest('to', `A sales report covers at most ${MAX_DAYS} days, not ${problem.days}`);
  }
}
