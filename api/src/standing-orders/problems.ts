import type { CommerceProblem } from '../carts/problems';

/**
 * Why a standing-order use case was refused: plain values, answered over HTTP by
 * standing-orders/problem-answers.ts. Another user's or ship-to's standing order is exactly a missing one.
 */
export type StandingOrderProblem =
  | { kind: 'standingOrderNotFound'; code: string }
  | { kind: 'deliveryNotFound'; code: string; date: string }
  | { kind: 'cutoffPassed' }
  | { kind: 'bankHolidayCancels' }
  | { kind: 'standingOrderEnded'; code: string }
  | { kind: 'badTransition'; code: string; status: string; action: string }
  | { kind: 'weekdayNotDelivered'; weekday: number }
  | { kind: 'startDateInPast' }
  | { kind: 'startDateTooFar' }
  | { kind: 'endBeforeStart' }
  | { kind: 'endDateInPast' }
  | { kind: 'emptyCart' }
  | { kind: 'emptyEntries' }
  | { kind: 'tooManyLines'; maximum: number }
  | { kind: 'repeatedLine'; index: number; productCode: string }
  | { kind: 'lineRefused'; index: number; problem: CommerceProblem }
  | { kind: 'purchaseOrderMissing' }
  /** The ship-to or cart it was asked for: the cart's own refusal. */
  | { kind: 'cart'; problem: CommerceProblem };
