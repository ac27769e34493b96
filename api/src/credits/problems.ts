import type { CreditStatus, DecisionStatus } from './credit-status';

/** Why a credit request could not be read or decided: values, answered over HTTP by credits/problem-answers.ts. */
export type CreditProblem =
  | { kind: 'creditRequestNotFound'; code: string }
  | { kind: 'photoNotFound'; id: number }
  | { kind: 'alreadyDecided'; code: string; status: CreditStatus }
  | { kind: 'amountRequired'; status: DecisionStatus }
  | { kind: 'amountNotRequested'; status: DecisionStatus; amount: number; grossPence: number }
  | { kind: 'amountAboveRequested'; amount: number; grossPence: number }
  | { kind: 'noteRequired' }
  // A decision's lines, each by its index in what was sent.
  | { kind: 'decisionLineUnknown'; index: number; entryNumber: number }
  | { kind: 'decisionLineRepeated'; index: number; entryNumber: number }
  | { kind: 'decisionLineMissing'; entryNumber: number }
  | { kind: 'creditedAboveRequested'; index: number; entryNumber: number; quantity: number }
  | { kind: 'lineDisagreesWithStatus'; index: number; status: DecisionStatus; entryNumber: number; quantity: number }
  | { kind: 'amountNotLines'; amount: number; linesPence: number }
  | { kind: 'linesNotPartial'; linesPence: number; grossPence: number };
