import type { ApprovalProblem } from './problems';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { formatPence } from '../pricing/money';
import { orderNotFound } from '../orders/problem-answers';

const DATE_REASONS = {
  notDeliveryDay: 'is not a delivery day for this ship-to',
  pastCutoff: 'is past its cut-off',
  beyondHorizon: 'is too far ahead to order',
} as const;

/** Who decides an order above an approver's own limit, in the refusal's words. */
const DECIDED_BY = { approvers: "your company's other approvers decide it", admins: "your company's admins decide it", operators: 'Meadowvale customer service decides it' } as const;

/** The HTTP answers of decisions on held orders and of their resubmission (docs/approvals.md). */
export function approvalProblemToApiError(problem: ApprovalProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return orderNotFound(problem.code);
    case 'standingOrderNotFound':
      return notFound('StandingOrderError', 'code', `Standing order '${problem.code}' not found`);
    case 'ownOrder':
      return forbidden('You cannot decide on your own order', 'code');
    case 'overOwnLimit':
      return forbidden(`Order ${problem.code} is over your own order limit of ${formatPence(problem.limitPence)}: ${DECIDED_BY[problem.tier]}`, 'code');
    case 'commentRequired':
      return badRequest('comment', 'A rejection needs a comment', 'ApprovalError');
    case 'cutoffPassed':
      return new ApiError(409, 'ApprovalError', 'The cut-off for this delivery has passed', 'cutoffPassed', 'code');
    case 'notPending':
      return conflict('ApprovalError', 'status', `Order ${problem.code} is ${problem.status}: it is no longer waiting for a decision`);
    case 'standingNotPending':
      return conflict('ApprovalError', 'approval', `Standing order ${problem.code} is not waiting for approval`);
    case 'orderChanged':
      return conflict('ApprovalError', 'version', `Order ${problem.code} was changed after you opened it: look at it again before deciding`);
    case 'buyerDisabled':
      return conflict('ApprovalError', 'code', `The buyer of order ${problem.code} is disabled: it cannot be placed; reject it instead`);
    case 'companyDecides':
      return conflict('ApprovalError', 'code', `Order ${problem.code} is decided by its company's approvers or admins`);
    case 'notExpired':
      return conflict('ApprovalError', 'status', `Order ${problem.code} is ${problem.status}: only an expired order can be sent for another date`);
    case 'deliveryDateNotOrderable':
      return badRequest('deliveryDate', `${problem.date} ${DATE_REASONS[problem.why]}`, 'ApprovalError');
  }
}
