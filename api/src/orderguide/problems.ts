/** Refusals of the order guide, as plain values; `errors/catalogue/orderguide.ts` gives their HTTP answers. */
export type OrderGuideProblem = { kind: 'productNotInRange'; productCode: string; range: string };
