import type { Db } from '../../db/client';
import { fail, ok, type Result } from '../../errors/result';
import { storedMail, type StoredMail } from '../../mail/mailbox';
import type { MailProblem } from './problems';

const view = (mail: StoredMail) => ({
  id: mail.id,
  eventId: mail.eventId,
  from: mail.fromAddress,
  to: mail.toAddress,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: headersOf(mail.headers),
  createdAt: mail.createdAt.toISOString(),
});

/** The extra headers the mail was sent with (List-Unsubscribe…), as stored: `{name: value}`. */
function headersOf(stored: unknown): Record<string, string> {
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** One message of the demo mailbox as an operator reads it. */
export async function mailForOperator(db: Db, id: number): Promise<Result<ReturnType<typeof view>, MailProblem>> {
  const mail = await storedMail(db, id);
  return mail ? ok(view(mail)) : fail({ kind: 'mailNotFound', id });
}
