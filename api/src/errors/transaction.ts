import type { Db, Tx } from '../db/client';
import { transactionOf } from '../db/transaction-root';
import type { Result } from './result';

class RollBack<T, P> extends Error {
  constructor(readonly result: Result<T, P>) {
    super('rolled back: business problem');
  }
}

/**
 * One transaction per use case. A use case that answers with a problem may already have written, so
 * the transaction is rolled back and the problem handed to the caller untouched.
 */
export async function inTransaction<T, P>(db: Db, work: (tx: Tx) => Promise<Result<T, P>>): Promise<Result<T, P>> {
  try {
    return await transactionOf(db, async (tx) => {
      const result = await work(tx);
      if (!result.ok) throw new RollBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result as Result<T, P>;
    throw error;
  }
}

/** PostgreSQL's unique_violation, wherever the driver or the ORM wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error || isObject(current); current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint || String(current).includes(constraint);
    if (!('cause' in (current as object))) break;
  }
  return false;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
