/** Refusals of the accounts module, as plain values; `accounts/problem-answers.ts` gives their HTTP answers. */
export type AccountProblem = { kind: 'shipToNotFound'; shipTo: string; range: string };
