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
  createdAt: mail.createdAt.toISOString(),
});

/** One message of the demo mailbox as an operator reads it. */
export async function mailForOperator(db: Db, id: number): Promise<Result<ReturnType<typeof view>, MailProblem>> {
  const mail = await storedMail(db, id);
  return mail ? ok(view(mail)) : fail({ kind: 'mailNotFound', id });
}
