import type { DbOrTx } from '../db/client';
import { lockedNames } from '../auth/sign-in-limits';

export type UserStatus = 'active' | 'disabled';

/** What the back office shows of a customer user, and what its audit entries record before and after a change. */
export interface UserState {
  status: string;
  /** Locked by the sign-in limits, from some address or from everywhere (auth/sign-in-limits.ts). */
  locked: boolean;
}

export const userState = async (db: DbOrTx, row: { username: string; status: string }): Promise<UserState> => ({
  status: row.status,
  locked: (await lockedNames(db, [row.username])).has(row.username),
});
