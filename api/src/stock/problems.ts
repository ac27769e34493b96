import type { AccountProblem } from '../accounts/problems';
import type { StockRowProblem } from './feed-rows';

/** Refusals of live stock's use cases, as plain values; problem-answers.ts answers them. */
export type StockFeedProblem = { kind: 'rowsRefused'; problems: StockRowProblem[] };

export type BackInStockProblem = AccountProblem | { kind: 'productNotFound'; code: string };
