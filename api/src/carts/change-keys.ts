import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartChangeKeys } from '../db/schema';
import { ApiError, badRequest } from '../http/errors';

/** An answer to a cart change: the HTTP status and the body sent. */
export interface ChangeAnswer {
  status: number;
  body: unknown;
}

export interface KeyedAnswer extends ChangeAnswer {
  /** The key had been used: this is the first answer again, and nothing was changed this time. */
  replayed: boolean;
}

/**
 * The `Idempotency-Key` of a cart change (docs/phone.md, "The offline cart"): optional; when sent, 1 to 100
 * printable ASCII characters (a UUID, say), like the key of placing an order, else 400 naming the header.
 */
export function cartChangeKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  const key = value?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,100}$/.test(key)) {
    throw badRequest('Idempotency-Key', 'The Idempotency-Key header, when sent, is 1 to 100 printable characters, e.g. a UUID');
  }
  return key;
}

/**
 * Makes a cart change at most once per (user, key). The key's row is claimed first, in the transaction of the
 * change: a second request with the same key waits on that row until the first commits, then finds it and answers
 * the recorded answer without changing anything; if the first failed unexpectedly (rolled back), the second makes
 * the change itself. Refusals of the cart rules (no longer sold, below the minimum…) are answers too, recorded
 * and answered again. Another user's key of the same text is another row, so it never collides.
 */
export async function changeOnce(db: Db, userId: number, key: string, change: (tx: Db) => Promise<ChangeAnswer>): Promise<KeyedAnswer> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(cartChangeKeys).values({ userId, key, status: 0, answer: '' }).onConflictDoNothing().returning({ key: cartChangeKeys.key });
    const where = and(eq(cartChangeKeys.userId, userId), eq(cartChangeKeys.key, key));
    if (claimed.length === 0) {
      const [recorded] = await tx.select({ status: cartChangeKeys.status, answer: cartChangeKeys.answer }).from(cartChangeKeys).where(where).limit(1);
      if (recorded) return { status: recorded.status, body: JSON.parse(recorded.answer) as unknown, replayed: true };
    }
    let answer: ChangeAnswer;
    try {
      answer = await change(tx);
    } catch (error) {
      // A refusal of the change (a typed error of the catalogue) is the answer; anything else rolls back.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      answer = { status: error.status, body: error.toBody() };
    }
    await tx.update(cartChangeKeys).set({ status: answer.status, answer: JSON.stringify(answer.body) }).where(where);
    return { ...answer, replayed: false };
  });
}
