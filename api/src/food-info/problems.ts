/** Refusals of food information's use cases, as plain values; problem-answers.ts answers them. */
export type FoodInfoProblem = { kind: 'productNotFound'; code: string } | { kind: 'foodInfoNotSupplied'; code: string };
