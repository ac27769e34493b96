import assert from 'node:assert/strict';
import { desc, eq } from 'drizzle-orm';
import { hashPassword } from '../../src/auth/passwords';
import { mailMessages, users, userShipTos } from '../../src/db/schema';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts';
import { BASE, type TestServer } from './test-server';

/** A password the policy accepts, unlike the demo's own it is no test of anything but the reset. */
export const NEW_PASSWORD = 'Marmalade-on-the-quayside-42';

let serial = 0;
/** A customer user of the test's own at solo's ship-to, with the demo password; answers their address. */
export async function createUser(server: TestServer, options: { status?: string; name?: string } = {}): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `pw-${process.pid}-${serial}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const [row] = await server.database.db
    .insert(users)
    .values({ username: email, email, name: options.name ?? 'Pat Baker', customerId: `PW-${email}`, passwordHash: await hashPassword(DEMO_PASSWORD), status: options.status ?? 'active' })
    .returning({ id: users.id });
  assert.ok(row);
  await server.database.db.insert(userShipTos).values({ userId: row.id, shipToCode: '0000410001' });
  return { id: row.id, email };
}

export const postJson = (server: TestServer, path: string, body: unknown, init: RequestInit & { token?: string } = {}) =>
  server.request(path, { method: 'POST', body: JSON.stringify(body), ...init });

export const forgot = (server: TestServer, email: string, headers: Record<string, string> = {}) =>
  postJson(server, `${BASE}/forgottenpasswordtokens`, { userId: email }, { headers });

/** The mails delivered to `email` so far (after a dispatch pass), newest first. */
export async function mailsTo(server: TestServer, email: string) {
  return server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(desc(mailMessages.id));
}

/** The token of the link in the newest mail to `email`, and the link's page. */
export async function linkIn(server: TestServer, email: string): Promise<{ token: string; path: string; text: string }> {
  const [mail] = await mailsTo(server, email);
  assert.ok(mail, `no mail to ${email}`);
  const match = /(https?:\/\/\S+?)(\/[\w/-]*\/)\?token=([\w%-]+)/.exec(mail.text);
  assert.ok(match, `no link in: ${mail.text}`);
  return { path: match[2] ?? '', token: decodeURIComponent(match[3] ?? ''), text: mail.text };
}

export async function errorOf(response: Response): Promise<{ status: number; subject?: string; message?: string; reason?: string }> {
  const body = (await response.json()) as { errors?: { subject?: string; message?: string; reason?: string }[] };
  return { status: response.status, ...body.errors?.[0] };
}
