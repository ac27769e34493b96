import type { CreditProblem } from './problems';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { formatPence } from '../pricing/money';

/** The HTTP answers of credit requests: reads and decisions (docs/after-delivery.md "Credit requests"). */

export const creditRequestNotFound = (code: string) => notFound('CreditRequestError', 'code', `Credit request '${code}' not found`);

const cases = (count: number) => (count === 1 ? 'case' : 'cases');

const STATUS_WORDS = { requested: 'requested', accepted: 'accepted', partlyAccepted: 'partly accepted', rejected: 'rejected' } as const;

export function creditProblemToApiError(problem: CreditProblem): ApiError {
  switch (problem.kind) {
    case 'creditRequestNotFound':
      return creditRequestNotFound(problem.code);
    case 'photoNotFound':
      return notFound('CreditRequestError', 'id', `Photo ${problem.id} not found`);
    case 'alreadyDecided':
      return conflict('CreditRequestError', 'status', `Credit request ${problem.code} is already ${STATUS_WORDS[problem.status]}: a decision is final`);
    case 'amountRequired':
      return badRequest('amount', 'A partly accepted credit request needs the amount credited, in pence, or the cases credited per line (lines)', 'CreditRequestError');
    case 'amountAboveRequested':
      return badRequest('amount', `The amount (${formatPence(problem.amount)}) is more than the ${formatPence(problem.grossPence)} requested`, 'CreditRequestError');
    case 'amountNotRequested': {
      const requested = formatPence(problem.grossPence);
      const message =
        problem.status === 'accepted'
          ? `An accepted credit request credits the ${requested} requested; use partlyAccepted for less`
          : problem.status === 'partlyAccepted'
            ? `A partly accepted credit request credits more than £0.00 and less than the ${requested} requested`
            : 'A rejected credit request credits nothing: leave out the amount or send 0';
      return badRequest('amount', message, 'CreditRequestError');
    }
    case 'noteRequired':
      return badRequest('note', 'A rejection needs a note for the customer', 'CreditRequestError');
    case 'decisionLineUnknown':
      return badRequest(`lines.${problem.index}.entryNumber`, `Line ${problem.index + 1}: the credit request has no entry ${problem.entryNumber}`, 'CreditRequestError');
    case 'decisionLineRepeated':
      return badRequest(`lines.${problem.index}.entryNumber`, `Line ${problem.index + 1}: entry ${problem.entryNumber} is already on an earlier line`, 'CreditRequestError');
    case 'decisionLineMissing':
      return badRequest('lines', `Every line of the credit request needs its cases credited: entry ${problem.entryNumber} is missing`, 'CreditRequestError');
    case 'creditedAboveRequested':
      return badRequest(`lines.${problem.index}.creditedQuantity`, `Line ${problem.index + 1}: ${problem.quantity} ${cases(problem.quantity)} of entry ${problem.entryNumber} were asked for; more cannot be credited`, 'CreditRequestError');
    case 'lineDisagreesWithStatus':
      return badRequest(
        `lines.${problem.index}.creditedQuantity`,
        problem.status === 'rejected'
          ? `Line ${problem.index + 1}: a rejected credit request credits no cases; use partlyAccepted to credit some`
          : `Line ${problem.index + 1}: an accepted credit request credits all ${problem.quantity} ${cases(problem.quantity)} of entry ${problem.entryNumber}; use partlyAccepted for fewer`,
        'CreditRequestError',
      );
    case 'amountNotLines':
      return badRequest('amount', `The amount (${formatPence(problem.amount)}) is not what the lines credit (${formatPence(problem.linesPence)}): send the lines' total or leave the amount out`, 'CreditRequestError');
    case 'linesNotPartial':
      return badRequest(
        'lines',
        `The lines credit ${formatPence(problem.linesPence)}: a partly accepted credit request credits more than £0.00 and less than the ${formatPence(problem.grossPence)} requested`,
        'CreditRequestError',
      );
  }
}
