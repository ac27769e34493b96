import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import type { OrderStatus } from './order-status';

/** Why a status report was refused: values, mapped to HTTP answers in `statusProblemToApiError` only. */
export type StatusProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'transitionNotAllowed'; from: OrderStatus; to: OrderStatus }
  | { kind: 'quantitiesNotAllowed'; status: OrderStatus }
  | { kind: 'unknownEntry'; entryNumber: number }
  | { kind: 'deliveredMoreThanOrdered'; entryNumber: number; ordered: number };

export function statusProblemToApiError(problem: StatusProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return notFound('OrderError', 'code', `Order '${problem.code}' not found`);
    case 'transitionNotAllowed':
      return conflict('OrderStatusError', 'status', `An order that is ${problem.from} cannot become ${problem.to}`);
    case 'quantitiesNotAllowed':
      return badRequest('lines', `Delivered quantities can only be reported with status picking, dispatched or delivered, not ${problem.status}`, 'OrderStatusError');
    case 'unknownEntry':
      return badRequest('lines.entryNumber', `The order has no entry ${problem.entryNumber}`, 'OrderStatusError');
    case 'deliveredMoreThanOrdered':
      return badRequest('lines.deliveredQuantity', `Entry ${problem.entryNumber} was ordered ${problem.ordered} times; more cannot be delivered`, 'OrderStatusError');
  }
}
