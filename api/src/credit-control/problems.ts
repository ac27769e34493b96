/** Why a credit feed or a decision on a credit hold was refused: values, answered over HTTP by problem-answers.ts. */
export type CreditProblem =
  | { kind: 'soldToUnknown'; soldTo: string }
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'notAwaitingCredit'; code: string; status: string }
  | { kind: 'cutoffPassed'; code: string }
  | { kind: 'buyerDisabled'; code: string }
  | { kind: 'orderChanged'; code: string };
