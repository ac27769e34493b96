/** Refusals of the order guide, as plain values; `orderguide/problem-answers.ts` gives their HTTP answers. */
export type OrderGuideProblem = { kind: 'productNotInRange'; productCode: string; range: string };
