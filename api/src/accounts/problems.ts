/** Refusals of the accounts module, as plain values; `errors/catalogue/accounts.ts` gives their HTTP answers. */
export type AccountProblem = { kind: 'shipToNotFound'; shipTo: string; range: string };
