import { eq } from 'drizzle-orm';
import { consumeToken, findIssuedToken } from '../account-tokens/account-tokens';
import type { DbOrTx, Tx } from '../db/client';
import { users } from '../db/schema';
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

/**
 * What an unsubscribe link is for, before its button is pressed: the kind of mail and the address it goes to; and
 * whether it was used already, so a second visit says it is done rather than that the link is bad.
 */
export async function unsubscribeLink(db: DbOrTx, token: string, now: Date): Promise<Result<{ kind: MailKind; email: string; used: boolean }, NotificationProblem>> {
  const found = await findIssuedToken(db, token, ['unsubscribe'], now);
  if (!found || found.userId === null || found.mailKind === null || !isMailKind(found.mailKind)) return fail({ kind: 'unsubscribeLinkInvalid' });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, found.userId));
  if (!user) return fail({ kind: 'unsubscribeLinkInvalid' });
  return ok({ kind: found.mailKind, email: user.email, used: found.used });
}
