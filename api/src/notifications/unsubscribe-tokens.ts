import { issueToken } from '../account-tokens/account-tokens';
import type { IssueUnsubscribeToken } from '../mail/unsubscribe-link';

/** The token of one mail's unsubscribe link: single use, for that user and kind (unsubscribe.ts honours it). */
export const issueUnsubscribeToken: IssueUnsubscribeToken = async (db, userId, kind, now) =>
  (await issueToken(db, 'unsubscribe', { userId }, now, { mailKind: kind })).token;
