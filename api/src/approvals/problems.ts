import type { OrderStatus } from '../order-status/order-status';
import type { DecidingTier } from '../spending-limits/approvers';

/** Why a decision on a held order, or its resubmission, was refused: values, answered by approvals/problem-answers.ts. */
export type ApprovalProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'standingOrderNotFound'; code: string }
  | { kind: 'ownOrder'; code: string }
  | { kind: 'overOwnLimit'; code: string; limitPence: number; tier: DecidingTier }
  | { kind: 'commentRequired' }
  | { kind: 'cutoffPassed' }
  | { kind: 'notPending'; code: string; status: OrderStatus }
  | { kind: 'companyDecides'; code: string }
  | { kind: 'orderChanged'; code: string }
  | { kind: 'buyerDisabled'; code: string }
  | { kind: 'standingNotPending'; code: string; status: string }
  | { kind: 'notExpired'; code: string; status: OrderStatus }
  | { kind: 'deliveryDateNotOrderable'; date: string; why: 'notDeliveryDay' | 'pastCutoff' | 'beyondHorizon' };
