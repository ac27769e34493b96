// test:api:embedded: a text[] upsert under a row lock, and the access rule's one query, on each engine.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, shipTos, soldTos, userRoles, userShipTos, users } from '../src/db/schema';
import { BASE, startTestServer, type TestServer } from './support/test-server';

interface Answer {
  status: number;
  body: { shipTo?: { code: string; name: string }; avoids?: string[]; canEdit?: boolean; errors?: { subject?: string; type?: string; message: string }[] };
}

/**
 * A company of the test's own: a sold-to with two sites, a company admin who orders for the first, a buyer who
 * orders for the first only; the second site nobody orders for. Another company's site is the seed's Corner Deli.
 */
interface Company {
  soldTo: string;
  cafe: string;
  kitchen: string;
  admin: string;
  buyer: string;
  adminId: number;
}

const OTHER_COMPANY_SHIP_TO = '0000410001';

describe('a site\'s allergen profile (docs/food-information.md)', () => {
  let server: TestServer;
  let company: Company;
  let adminToken: string;
  let buyerToken: string;

  async function makeCompany(): Promise<Company> {
    const db = server.database.db;
    const tag = randomUUID().replace(/-/g, '').slice(0, 8);
    const soldTo = `S${tag}`;
    await db.insert(soldTos).values({ code: soldTo, name: `Profile Test ${tag} Ltd` });
    const site = (code: string, name: string) => ({ code, name, soldToCode: soldTo, addressLine1: '1 Test Street', town: 'York', postcode: 'YO1 1AA' });
    const cafe = `C${tag}`;
    const kitchen = `K${tag}`;
    await db.insert(shipTos).values([site(cafe, `Test Café ${tag}`), site(kitchen, `Test Kitchen ${tag}`)]);
    const [template] = await db.select().from(users).where(eq(users.username, 'solo@example.com'));
    assert.ok(template);
    const person = async (role: string) => {
      const username = `${role}-${tag}@example.com`;
      const [created] = await db
        .insert(users)
        .values({ username, customerId: `C-${role}-${tag}`, name: `Test ${role}`, email: username, passwordHash: template.passwordHash })
        .returning({ id: users.id });
      assert.ok(created);
      await db.insert(userShipTos).values({ userId: created.id, shipToCode: cafe, position: 0 });
      return { username, id: created.id };
    };
    const admin = await person('admin');
    const buyer = await person('buyer');
    await db.insert(userRoles).values({ userId: admin.id, soldToCode: soldTo, role: 'admin' });
    return { soldTo, cafe, kitchen, admin: admin.username, buyer: buyer.username, adminId: admin.id };
  }

  const call = async (token: string, shipTo: string | undefined, method: 'GET' | 'PUT' = 'GET', body?: unknown): Promise<Answer> => {
    const query = shipTo === undefined ? '' : `?shipTo=${encodeURIComponent(shipTo)}`;
    const response = await server.request(`${BASE}/users/current/allergenprofile${query}`, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };

  const audits = (shipTo: string) =>
    server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'shipTo.allergenProfile'), eq(auditLog.subject, `shipTo:${shipTo}`)));

  before(async () => {
    server = await startTestServer();
    company = await makeCompany();
    [adminToken, buyerToken] = await Promise.all([server.tokenFor(company.admin), server.tokenFor(company.buyer)]);
  });
  after(() => server.close());

  it('a site with no profile avoids nothing; its buyer reads it and may not change it', async () => {
    const read = await call(buyerToken, company.cafe);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, { shipTo: { code: company.cafe, name: `Test Café ${company.cafe.slice(1)}` }, avoids: [], canEdit: false });
  });

  it('a company admin sets what the site avoids, in label order, once each; the buyer then reads it', async () => {
    const saved = await call(adminToken, company.cafe, 'PUT', { avoids: ['sesame', 'peanuts', 'milk', 'peanuts'] });
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body, { shipTo: { code: company.cafe, name: `Test Café ${company.cafe.slice(1)}` }, avoids: ['milk', 'peanuts', 'sesame'], canEdit: true });
    const read = await call(buyerToken, company.cafe);
    assert.deepEqual(read.body.avoids, ['milk', 'peanuts', 'sesame']);
    assert.equal(read.body.canEdit, false);
    const adminRead = await call(adminToken, company.cafe);
    assert.deepEqual(adminRead.body, saved.body);
  });

  it('each change is audited with who made it, before and after; saving the same list again logs nothing', async () => {
    const site = company.kitchen;
    assert.equal((await call(adminToken, site, 'PUT', { avoids: ['treeNuts'] })).status, 200);
    assert.equal((await call(adminToken, site, 'PUT', { avoids: ['treeNuts'] })).status, 200);
    const entries = await audits(site);
    assert.equal(entries.length, 1, 'one entry for one change');
    const [entry] = entries;
    assert.ok(entry);
    assert.equal(entry.actorUserId, company.adminId);
    assert.equal(entry.operatorId, null);
    assert.deepEqual(entry.before, { avoids: [] });
    assert.deepEqual(entry.after, { avoids: ['treeNuts'] });
    const cleared = await call(adminToken, site, 'PUT', { avoids: [] });
    assert.deepEqual(cleared.body.avoids, []);
    const [, second] = await audits(site);
    assert.deepEqual(second?.before, { avoids: ['treeNuts'] });
    assert.deepEqual(second?.after, { avoids: [] });
  });

  it('a company admin reads and changes a site of their sold-to they do not order for; its sold-to\'s buyers of other sites do not see it', async () => {
    const saved = await call(adminToken, company.kitchen, 'PUT', { avoids: ['fish'] });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.canEdit, true);
    const buyer = await call(buyerToken, company.kitchen);
    assert.equal(buyer.status, 404);
    assert.equal(buyer.body.errors?.[0]?.subject, 'shipTo');
  });

  it('a buyer who may read the profile is refused a change (403) and nothing is written', async () => {
    const before = await call(buyerToken, company.cafe);
    const refused = await call(buyerToken, company.cafe, 'PUT', { avoids: ['celery'] });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors?.[0]?.type, 'ForbiddenError');
    assert.match(refused.body.errors?.[0]?.message ?? '', /company admin/);
    assert.deepEqual((await call(buyerToken, company.cafe)).body.avoids, before.body.avoids);
  });

  it('another company\'s site, or one that does not exist, is not found, to read or to change', async () => {
    for (const shipTo of [OTHER_COMPANY_SHIP_TO, 'NOSUCHSITE']) {
      const read = await call(adminToken, shipTo);
      assert.equal(read.status, 404, `read ${shipTo}`);
      assert.equal(read.body.errors?.[0]?.subject, 'shipTo');
      const change = await call(adminToken, shipTo, 'PUT', { avoids: ['peanuts'] });
      assert.equal(change.status, 404, `change ${shipTo}`);
    }
    assert.equal((await audits(OTHER_COMPANY_SHIP_TO)).length, 0);
  });

  it('an unknown allergen, a missing list or a missing ship-to is a 400 naming the field', async () => {
    const unknown = await call(adminToken, company.cafe, 'PUT', { avoids: ['peanuts', 'nuts'] });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.errors?.[0]?.subject, 'avoids.1');
    const missing = await call(adminToken, company.cafe, 'PUT', {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors?.[0]?.subject, 'avoids');
    const noSite = await call(adminToken, undefined);
    assert.equal(noSite.status, 400);
    assert.equal(noSite.body.errors?.[0]?.subject, 'shipTo');
    assert.deepEqual((await call(adminToken, company.cafe)).body.avoids, ['milk', 'peanuts', 'sesame'], 'the refused change wrote nothing');
  });

  it('a signed-out caller is refused', async () => {
    const response = await server.request(`${BASE}/users/current/allergenprofile?shipTo=${company.cafe}`);
    assert.equal(response.status, 401);
  });
});
