import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { consumeToken, issueToken } from '../account-tokens/account-tokens';
import { sealToken } from '../account-tokens/sealed-token';
import type { Db } from '../db/client';
import { registrationRequests, users } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { writeEvent } from '../outbox/write-event';
import type { RegistrationProblem } from './problems';
import { CONFIRM_TYPE, EXISTING_ACCOUNT_TYPE, REGISTRATION_MAIL_CHANNELS, type ConfirmData, type ExistingAccountData } from './registration-mail';
import type { RegistrationInput } from './registration-schemas';

/** What happened to a request; the route answers the same 202 to every one of them. */
export type RequestOutcome = 'confirmationSent' | 'existingAccount' | 'awaitingDecision';

/**
 * "Request an account" (docs/people.md "Registration requests"). A new address gets a request and a
 * confirmation mail; an open unconfirmed request for it is brought up to date and gets a new link (the old one
 * stops working); an address that already signs in gets no request, its owner a mail saying so; a confirmed
 * request awaiting a decision is left as it is. One request per address at a time: requests for the same
 * address are taken one after the other.
 */
export async function requestRegistration(db: Db, input: RegistrationInput, now: Date, key: Buffer): Promise<RequestOutcome> {
  return db.transaction(async (tx): Promise<RequestOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`registration:${input.email}`}, 0))`);
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(or(eq(users.username, input.email), eq(sql`lower(${users.email})`, input.email)))
      .limit(1);
    if (user) {
      await writeEvent<ExistingAccountData>(tx, {
        type: EXISTING_ACCOUNT_TYPE,
        key: `user:${user.id}`,
        channels: REGISTRATION_MAIL_CHANNELS,
        payload: { recipient: { name: user.name, email: user.email } },
      });
      return 'existingAccount';
    }
    const [open] = await tx
      .select({ id: registrationRequests.id, status: registrationRequests.status })
      .from(registrationRequests)
      .where(and(eq(registrationRequests.email, input.email), inArray(registrationRequests.status, ['unconfirmed', 'confirmed'])))
      .orderBy(desc(registrationRequests.id))
      .limit(1);
    if (open?.status === 'confirmed') return 'awaitingDecision';
    const details = { name: input.name, companyName: input.companyName, phone: input.phone, postcode: input.postcode, message: input.message };
    const id = open
      ? (await tx.update(registrationRequests).set(details).where(eq(registrationRequests.id, open.id)).returning({ id: registrationRequests.id }))[0]?.id
      : (await tx.insert(registrationRequests).values({ email: input.email, ...details }).returning({ id: registrationRequests.id }))[0]?.id;
    if (id === undefined) throw new Error('registration request write returned nothing');
    const { token } = await issueToken(tx, 'registrationConfirm', { registrationId: id }, now, { replacePrevious: true });
    await writeEvent<ConfirmData>(tx, {
      type: CONFIRM_TYPE,
      key: `registration:${id}`,
      channels: REGISTRATION_MAIL_CHANNELS,
      payload: { recipient: { name: input.name, email: input.email }, sealedToken: sealToken(key, token) },
    });
    return 'confirmationSent';
  });
}

/** The link in the confirmation mail, used once: the request is confirmed and waits for the back office. */
export async function confirmRegistration(db: Db, token: string, now: Date): Promise<Result<{ confirmed: true }, RegistrationProblem>> {
  return inTransaction<{ confirmed: true }, RegistrationProblem>(db, async (tx) => {
    const valid = await consumeToken(tx, token, ['registrationConfirm'], now);
    if (!valid || valid.registrationId === null) return fail({ kind: 'confirmationInvalid' });
    await tx
      .update(registrationRequests)
      .set({ status: 'confirmed', confirmedAt: now })
      .where(and(eq(registrationRequests.id, valid.registrationId), eq(registrationRequests.status, 'unconfirmed')));
    return ok({ confirmed: true });
  });
}
