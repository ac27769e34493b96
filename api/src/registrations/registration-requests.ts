import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { consumeToken, issueToken } from '../account-tokens/account-tokens';
import { sealToken, type SealedToken } from '../account-tokens/sealed-token';
import type { Db, Tx } from '../db/client';
import { registrationRequests, users } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { writeEvent } from '../outbox/write-event';
import type { RegistrationProblem } from './problems';
import {
  AWAITING_DECISION_TYPE,
  CONFIRM_TYPE,
  EXISTING_ACCOUNT_TYPE,
  REGISTRATION_MAIL_CHANNELS,
  type ConfirmData,
  type RecipientData,
} from './registration-mail';
import type { RegistrationInput } from './registration-schemas';
import type { Cause } from '../tracing/cause';

/** What happened to a request; the route answers the same 202 to every one of them. */
export type RequestOutcome = 'confirmationSent' | 'existingAccount' | 'awaitingDecision';

/** Thrown inside the request's savepoint to undo a request written for an address that gets none. */
class NoNewRequest extends Error {}

/** The request row and its confirmation link; answers the link's token, sealed for the mail. */
async function writeRequest(tx: Tx, input: RegistrationInput, openId: number | undefined, now: Date, key: Buffer): Promise<{ id: number; sealedToken: SealedToken }> {
  const details = { name: input.name, companyName: input.companyName, phone: input.phone, postcode: input.postcode, message: input.message };
  const [row] =
    openId === undefined
      ? await tx.insert(registrationRequests).values({ email: input.email, ...details }).returning({ id: registrationRequests.id })
      : await tx.update(registrationRequests).set(details).where(eq(registrationRequests.id, openId)).returning({ id: registrationRequests.id });
  if (!row) throw new Error('registration request write returned nothing');
  const { token } = await issueToken(tx, 'registrationConfirm', { registrationId: row.id }, now, { replacePrevious: true });
  return { id: row.id, sealedToken: sealToken(key, token) };
}

/**
 * "Request an account" (docs/people.md "Registration requests"). A new address gets a request and a
 * confirmation mail; an open unconfirmed request for it is brought up to date and gets a new link (the old one
 * stops working); an address that already signs in gets no request, its owner a mail saying so; a confirmed
 * request awaiting a decision stays as it is, and its requester is told so. Neither the answer nor its time may
 * tell which: every outcome runs the same statements (the request and its link are written in a savepoint,
 * undone when the address gets no request) and writes exactly one mail. Requests for one address are taken
 * one after the other.
 */
export async function requestRegistration(db: Db, input: RegistrationInput, now: Date, key: Buffer, cause: Cause): Promise<RequestOutcome> {
  return db.transaction(async (tx): Promise<RequestOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`registration:${input.email}`}, 0))`);
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(or(eq(users.username, input.email), eq(sql`lower(${users.email})`, input.email)))
      .limit(1);
    const [open] = await tx
      .select({ id: registrationRequests.id, status: registrationRequests.status, name: registrationRequests.name })
      .from(registrationRequests)
      .where(and(eq(registrationRequests.email, input.email), inArray(registrationRequests.status, ['unconfirmed', 'confirmed'])))
      .orderBy(desc(registrationRequests.id))
      .limit(1);
    const outcome: RequestOutcome = user ? 'existingAccount' : open?.status === 'confirmed' ? 'awaitingDecision' : 'confirmationSent';

    let written: { id: number; sealedToken: SealedToken } | undefined;
    try {
      await tx.transaction(async (savepoint) => {
        written = await writeRequest(savepoint, input, outcome === 'confirmationSent' ? open?.id : undefined, now, key);
        if (outcome !== 'confirmationSent') throw new NoNewRequest();
      });
    } catch (error) {
      if (!(error instanceof NoNewRequest)) throw error;
    }

    if (user) {
      await writeEvent<RecipientData>(tx, { type: EXISTING_ACCOUNT_TYPE, key: `user:${user.id}`, channels: REGISTRATION_MAIL_CHANNELS, cause, payload: { recipient: { name: user.name, email: user.email } } });
    } else if (outcome === 'awaitingDecision' && open) {
      await writeEvent<RecipientData>(tx, { type: AWAITING_DECISION_TYPE, key: `registration:${open.id}`, channels: REGISTRATION_MAIL_CHANNELS, cause, payload: { recipient: { name: open.name, email: input.email } } });
    } else if (written) {
      await writeEvent<ConfirmData>(tx, {
        type: CONFIRM_TYPE,
        key: `registration:${written.id}`,
        channels: REGISTRATION_MAIL_CHANNELS,
        cause,
        payload: { recipient: { name: input.name, email: input.email }, sealedToken: written.sealedToken },
      });
    }
    return outcome;
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
