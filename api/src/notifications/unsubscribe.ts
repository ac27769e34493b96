import { consumeToken } from '../account-tokens/account-tokens';
import type { Tx } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { isMailKind, type MailKind } from '../mail/mail-kinds';
import { turnOff } from './preferences';
import type { NotificationProblem } from './problems';

/**
 * One-click unsubscribe (RFC 8058): the token of one mail turns that mail's kind off for its user, no sign-in.
 * The token is used up; an unknown, used or expired one changes nothing (docs/people.md#notifications).
 */
export async function unsubscribe(tx: Tx, token: string, now: Date): Promise<Result<{ kind: MailKind }, NotificationProblem>> {
  const used = await consumeToken(tx, token, ['unsubscribe'], now);
  if (!used || used.userId === null || used.mailKind === null || !isMailKind(used.mailKind)) return fail({ kind: 'unsubscribeLinkInvalid' });
  await turnOff(tx, used.userId, used.mailKind);
  return ok({ kind: used.mailKind });
}
