/** Refusals of the back office's product use cases, as plain values; `errors/catalogue/admin.ts` answers them. */
export type ProductProblem = { kind: 'productNotFound'; code: string };
