import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import { mailMessages, users } from '../../src/db/schema';
import { SOLO, shopper, type Shopper } from './cart-helpers';
import type { TestServer } from './test-server';
import { colleagueOf } from './weekly-helpers';

/** A user of its own (a colleague at Solo's ship-to), signed in: preferences one test changes touch no other. */
export async function freshShopper(server: TestServer, name: string): Promise<Shopper & { username: string; userId: number }> {
  const username = `${name}@example.com`;
  await colleagueOf(server, SOLO.username, username, [SOLO.shipTo]);
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  assert.ok(row);
  return { ...(await shopper(server, { username, shipTo: SOLO.shipTo, salesOrg: SOLO.salesOrg })), username, userId: row.id };
}

/** The demo mailbox's mails to `address`, oldest first. */
export const mailsTo = (server: TestServer, address: string) =>
  server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, address)).orderBy(asc(mailMessages.id));

/** The token of a List-Unsubscribe header `<https://shop/unsubscribe/TOKEN/>`. */
export function unsubscribeToken(header: string | undefined): string {
  const match = /^<https?:\/\/[^/]+\/unsubscribe\/([\w-]{43})\/>$/.exec(header ?? '');
  assert.ok(match?.[1], `a one-click link: ${header}`);
  return match[1];
}

/** POST /unsubscribe as a mail client's one-click would reach it through the storefront, with no sign-in. */
export async function postUnsubscribe(server: TestServer, body: unknown, contentType = 'application/json') {
  const response = await server.request('/occ/v2/b2b/unsubscribe', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { kind?: string; errors?: { subject?: string; message: string }[] } };
}
