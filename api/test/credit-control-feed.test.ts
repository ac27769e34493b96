// test:api:embedded: the credit feed's upsert and its audit run on both engines (ON CONFLICT, row locks)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, creditAccounts } from '../src/db/schema';
import { operatorToken } from './support/admin-client';
import { createCompany } from './support/approval-helpers';
import { adminCall, creditFeedEnv, feedToken } from './support/credit-control-helpers';
import { startTestServer, type TestServer } from './support/test-server';

describe('credit control: the ERP sends a sold-to credit limit and hold (PUT /admin/v1/customers/{soldTo}/credit)', () => {
  let server: TestServer;
  let erp: string;
  before(async () => {
    server = await startTestServer({ env: creditFeedEnv() });
    erp = await feedToken(server);
  });
  after(async () => server.close());

  const put = (soldTo: string, body: unknown, token = erp) => adminCall(server, token, 'PUT', `/customers/${soldTo}/credit`, body);

  it('creates, leaves unchanged and updates, auditing each change with what it was', async () => {
    const { soldTo } = await createCompany(server);
    const created = await put(soldTo, { limit: 50_000, onHold: false });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual({ ...(created.body.credit as object), updatedAt: undefined }, { soldTo, limit: 50_000, onHold: false, reason: null, updatedAt: undefined });
    const again = await put(soldTo, { limit: 50_000, onHold: false, reason: '' });
    assert.equal(again.status, 200);
    assert.equal(again.body.outcome, 'unchanged');
    const held = await put(soldTo, { limit: 50_000, onHold: true, reason: 'Invoice 4471 is 60 days overdue' });
    assert.equal(held.status, 200);
    assert.equal(held.body.outcome, 'updated');
    const [row] = await server.database.db.select().from(creditAccounts).where(eq(creditAccounts.soldToCode, soldTo));
    assert.deepEqual([row?.limitPence, row?.onHold, row?.reason], [50_000, true, 'Invoice 4471 is 60 days overdue']);
    const audits = await server.database.db.select().from(auditLog).where(and(eq(auditLog.subject, `soldTo:${soldTo}`), eq(auditLog.action, 'credit.update'))).orderBy(auditLog.id);
    assert.equal(audits.length, 2, 'the unchanged send is not audited');
    assert.deepEqual(audits[1]?.before, { limit: 50_000, onHold: false, reason: null });
    assert.deepEqual(audits[1]?.after, { limit: 50_000, onHold: true, reason: 'Invoice 4471 is 60 days overdue', by: 'client:erp-credit' });
  });

  it('answers 404 for a sold-to the shop does not know, and writes nothing', async () => {
    const answer = await put('NOSUCH123', { limit: 100, onHold: false });
    assert.equal(answer.status, 404, JSON.stringify(answer.body));
    assert.equal(answer.body.errors?.[0]?.subject, 'soldTo');
    assert.deepEqual(await server.database.db.select().from(creditAccounts).where(eq(creditAccounts.soldToCode, 'NOSUCH123')), []);
  });

  it('answers 400 naming the field for bad input', async () => {
    const { soldTo } = await createCompany(server);
    const cases: [unknown, string][] = [
      [{ limit: -1, onHold: false }, 'limit'],
      [{ limit: 10.5, onHold: false }, 'limit'],
      [{ limit: 2_147_483_648, onHold: false }, 'limit'],
      [{ limit: '100', onHold: false }, 'limit'],
      [{ limit: 100 }, 'onHold'],
      [{ limit: 100, onHold: 'yes' }, 'onHold'],
      [{ limit: 100, onHold: true, reason: 'x'.repeat(201) }, 'reason'],
      [{ limit: 100, onHold: true, reason: 'a\u0000b' }, 'reason'],
      [[1, 2], 'body'],
    ];
    for (const [body, subject] of cases) {
      const answer = await put(soldTo, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, subject, JSON.stringify(body));
    }
    const badCode = await put('bad code!', { limit: 1, onHold: false });
    assert.equal(badCode.status, 400);
    assert.deepEqual(await server.database.db.select().from(creditAccounts).where(eq(creditAccounts.soldToCode, soldTo)), []);
  });

  it('takes the finance client and operators, and refuses customers and anonymous callers', async () => {
    const { soldTo } = await createCompany(server);
    assert.equal((await put(soldTo, { limit: 1, onHold: false }, await operatorToken(server))).status, 201);
    assert.equal((await put(soldTo, { limit: 1, onHold: false }, await server.tokenFor('solo@example.com'))).status, 403);
    const anonymous = await server.request(`/admin/v1/customers/${soldTo}/credit`, { method: 'PUT', body: JSON.stringify({ limit: 1, onHold: false }) });
    assert.equal(anonymous.status, 401);
  });
});
