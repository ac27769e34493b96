import { accountProblemToApiError } from '../accounts/problem-answers';
import { ApiError, notFound } from '../http/errors';
import type { StockRowProblem } from './feed-rows';
import type { BackInStockProblem, StockFeedProblem } from './problems';

/** How many refused rows an answer names; the message says how many there were in all. */
const ROWS_NAMED = 100;

/** A 400 that names each refused row (`levels.3.available`), as the error catalogue's list of errors. */
class StockRowsError extends ApiError {
  constructor(private readonly problems: StockRowProblem[]) {
    super(400, 'StockFeedError', `${problems.length} row(s) refused; nothing was written`, 'invalid', 'levels');
  }

  override toBody() {
    return {
      errors: this.problems.slice(0, ROWS_NAMED).map((problem) => ({
        type: this.type,
        reason: this.reason,
        message: `${this.message}: row ${problem.row} ${problem.field === 'row' ? '' : `${problem.field} `}${problem.reason}`,
        subject: problem.field === 'row' ? `levels.${problem.row}` : `levels.${problem.row}.${problem.field}`,
      })),
    };
  }
}

/** The HTTP answers of live stock's use cases (docs/stock.md). */
export function stockFeedProblemToApiError(problem: StockFeedProblem): ApiError {
  switch (problem.kind) {
    case 'rowsRefused':
      return new StockRowsError(problem.problems);
  }
}

/** A product the customer cannot buy answers as one that does not exist, as the catalogue does. */
export function backInStockProblemToApiError(problem: BackInStockProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return accountProblemToApiError(problem);
    case 'productNotFound':
      return notFound('UnknownIdentifierError', 'productCode', `Product '${problem.code}' not found`);
  }
}
