import { issueTokenIf } from '../account-tokens/account-tokens';
import { wantsMailSql } from '../mail/mail-preferences';
import type { IssueUnsubscribeToken } from '../mail/unsubscribe-link';

/**
 * The token of one mail's unsubscribe link: single use, for that user and kind (unsubscribe.ts honours it);
 * issued only while the user still wants that kind, in the statement that reads the preference.
 */
export const issueUnsubscribeToken: IssueUnsubscribeToken = async (db, userId, kind, now) =>
  (await issueTokenIf(db, 'unsubscribe', { userId }, now, kind, wantsMailSql(userId, kind)))?.token ?? null;
