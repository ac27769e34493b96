/** Refusals of the back office's product use cases, as plain values; `admin/problem-answers.ts` answers them. */
export type ProductProblem = { kind: 'productNotFound'; code: string };
