import type { CallProblem } from './problems';
import { notFound, unprocessable, type ApiError } from '../http/errors';

/** The HTTP answers of the call list (docs/calls.md). */
export function callProblemToApiError(problem: CallProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return notFound('UnknownIdentifierError', 'shipTo', `Ship-to '${problem.shipTo}' not found`);
    case 'rangeNotDelivered':
      return unprocessable('CallError', 'range', `Ship-to ${problem.shipTo} is not delivered range ${problem.range}`);
    case 'deliveryPast':
      return unprocessable('CallError', 'deliveryDate', `Delivery date ${problem.deliveryDate} is past`);
    case 'callBackPast':
      return unprocessable('CallError', 'callBackAt', 'The time to call back must be later than now');
  }
}
