import type { CreditStatus, DecisionStatus } from './credit-status';

/** Why a credit request could not be read or decided: values, answered over HTTP by errors/catalogue/credits.ts. */
export type CreditProblem =
  | { kind: 'creditRequestNotFound'; code: string }
  | { kind: 'photoNotFound'; id: number }
  | { kind: 'alreadyDecided'; code: string; status: CreditStatus }
  | { kind: 'amountRequired'; status: DecisionStatus }
  | { kind: 'amountNotRequested'; status: DecisionStatus; amount: number; grossPence: number }
  | { kind: 'amountAboveRequested'; amount: number; grossPence: number }
  | { kind: 'noteRequired' };
