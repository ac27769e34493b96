import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { findValidToken } from '../src/account-tokens/account-tokens';
import type { UserImport } from '../src/admin/imports/kinds/customers/customer-rows';
import { hashNewPasswords } from '../src/admin/imports/kinds/customers/new-passwords';
import { verifyPassword } from '../src/auth/passwords';
import { auditLog, importRuns, mailMessages, operatorSoldTos, operators, prices, products, shipToRanges, shipTos, users } from '../src/db/schema';
import { createOperator, operatorToken, type ImportReport as Report } from './support/admin-client';
import { SOLO, shopper } from './support/cart-helpers';
import { dispatch } from './support/outbox-helpers';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const CATEGORY_CSV = 'id,name,parent,position\r\nDAIR_TESTIMP,Imported dairy,DAIR_CHEESE,9\r\n';
const productCsv = (code: string, extra = '') =>
  `code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays,active\n${code},Importable Quark ${code},Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21,true\n${extra}`;

describe('POST /admin/v1/imports/{kind}', () => {
  let server: TestServer;
  let admin: string;
  before(async () => {
    server = await startTestServer();
    admin = await operatorToken(server);
  });
  after(() => server.close());

  const upload = async (kind: string, body: string | Buffer, options: { dryRun?: boolean; type?: string; token?: string; fileName?: string } = {}) => {
    const query = new URLSearchParams({ dryRun: String(options.dryRun ?? false), fileName: options.fileName ?? `${kind}.csv` });
    const response = await server.request(`/admin/v1/imports/${kind}?${query.toString()}`, {
      method: 'POST',
      token: options.token ?? admin,
      headers: { 'content-type': options.type ?? 'text/csv' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Report };
  };
  const productRow = async (code: string) => (await server.database.db.select().from(products).where(eq(products.code, code)))[0];

  it('a dry run reports valid and refused rows by line and column, and writes nothing', async () => {
    const csv = productCsv('900001', '900002,Bad Price,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.505,0,chilled,21,true\n900003,No Category,Testbrand,DAIR,NOPE,1 kg,1,0,chilled,5,maybe\n');
    const { status, body } = await upload('products', csv, { dryRun: true });
    assert.equal(status, 200);
    assert.equal(body.outcome, 'checked');
    assert.deepEqual([body.rows, body.valid, body.refused], [3, 1, 2]);
    assert.deepEqual(
      body.problems.map((p) => [p.line, p.column]),
      [
        [3, 'listPrice'],
        [4, 'active'],
      ],
    );
    assert.equal(await productRow('900001'), undefined);
  });

  it('names a category that does not exist once the row itself reads well', async () => {
    const { body } = await upload('products', productCsv('900004').replace('DAIR_BUTTER', 'NO_SUCH'), { dryRun: true });
    assert.deepEqual(body.problems, [{ line: 2, column: 'category', reason: "Category 'NO_SUCH' does not exist: import it first" }]);
  });

  it('a real run with one bad row is refused whole (422) and changes nothing', async () => {
    const { status, body } = await upload('products', productCsv('900010', '900011,,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,1.00,0,chilled,21,true\n'));
    assert.equal(status, 422);
    assert.equal(body.outcome, 'refused');
    assert.deepEqual(body.problems, [{ line: 3, column: 'name', reason: 'Required' }]);
    assert.match(body.errors?.[0]?.message ?? '', /nothing was written/);
    assert.equal(await productRow('900010'), undefined);
  });

  it('applies a good file, and a second run of the same file changes nothing', async () => {
    const first = await upload('products', productCsv('900020'));
    assert.equal(first.status, 200);
    assert.deepEqual([first.body.outcome, first.body.inserted, first.body.updated, first.body.unchanged], ['applied', 1, 0, 0]);
    assert.equal((await productRow('900020'))?.listPricePence, 1250);
    const again = await upload('products', productCsv('900020'));
    assert.deepEqual([again.body.inserted, again.body.updated, again.body.unchanged], [0, 0, 1]);
    const changed = await upload('products', productCsv('900020').replace('12.50', '13.00'));
    assert.deepEqual([changed.body.inserted, changed.body.updated], [0, 1]);
    assert.equal((await productRow('900020'))?.listPricePence, 1300);
  });

  it('reads JSON too, with item numbers as lines', async () => {
    const rows = [
      { id: 'DAIR_JSONCAT', name: 'From JSON', parent: 'DAIR_CHEESE' },
      { id: 'ROGUE', name: 'No parent' },
    ];
    const { status, body } = await upload('categories', JSON.stringify(rows), { type: 'application/json' });
    assert.equal(status, 422);
    assert.deepEqual(body.problems.map((p) => [p.line, p.column]), [[2, 'parent']]);
    const good = await upload('categories', JSON.stringify(rows.slice(0, 1)), { type: 'application/json' });
    assert.equal(good.body.inserted, 1);
  });

  it('imports categories, dry run first', async () => {
    const dry = await upload('categories', CATEGORY_CSV, { dryRun: true });
    assert.deepEqual([dry.status, dry.body.valid, dry.body.refused], [200, 1, 0]);
    const real = await upload('categories', CATEGORY_CSV);
    assert.equal(real.body.inserted, 1);
    assert.equal((await upload('categories', CATEGORY_CSV)).body.unchanged, 1);
  });

  it('imports customer prices, refusing unknown sold-tos and products', async () => {
    const csv = 'soldTo,product,price\n0000100001,100001,1.23\n0000199999,100001,1.00\n0000100001,999999,1.00\n';
    const dry = await upload('prices', csv, { dryRun: true });
    assert.deepEqual(dry.body.problems.map((p) => [p.line, p.column]), [[3, 'soldTo'], [4, 'product']]);
    const real = await upload('prices', 'soldTo,product,price\n0000100001,100001,1.23\n');
    assert.equal(real.status, 200);
    const [row] = await server.database.db.select().from(prices).where(and(eq(prices.soldToCode, '0000100001'), eq(prices.productCode, '100001')));
    assert.equal(row?.pricePence, 123);
    assert.equal((await upload('prices', 'soldTo,product,price\n0000100001,100001,1.23\n')).body.unchanged, 1);
  });

  it('imports customers: sold-to, ship-to with delivery days and cut-off, and a user who can then sign in', async () => {
    const csv = [
      'record,code,name,soldTo,address,town,postcode,cutoff,deliveryDays,email,customerId,shipTos,password',
      'soldTo,0000109001,Imported Foods Ltd,,,,,,,,,,',
      'shipTo,0000419001,Imported Kitchen,0000109001,1 High St,Leeds,LS1 1AA,11:30,"CHIL: Mon Thu; DAIR: Tue",,,,',
      'user,,Ivy Imported,,,,,,,ivy@example.com,C0009001,0000419001,Imported-pass-1',
    ].join('\n');
    const dry = await upload('customers', csv, { dryRun: true });
    assert.deepEqual([dry.body.valid, dry.body.refused], [3, 0]);
    const real = await upload('customers', csv);
    assert.equal(real.body.inserted, 3);
    const [shipTo] = await server.database.db.select().from(shipTos).where(eq(shipTos.code, '0000419001'));
    assert.equal(shipTo?.cutoffTime, '11:30');
    const ranges = await server.database.db.select().from(shipToRanges).where(eq(shipToRanges.shipToCode, '0000419001'));
    assert.deepEqual(ranges.map((r) => [r.range, r.deliveryWeekdays]).sort(), [['CHIL', [1, 4]], ['DAIR', [2]]]);
    const ivy = await server.tokenFor('ivy@example.com', 'Imported-pass-1');
    assert.equal((await upload('customers', csv)).body.unchanged, 3);

    const disable = 'record,name,email,customerId,status,shipTos\nuser,Ivy Imported,ivy@example.com,C0009001,disabled,0000419001\n';
    assert.equal((await upload('customers', disable)).body.updated, 1);
    await assert.rejects(server.tokenFor('ivy@example.com', 'Imported-pass-1'), /User is disabled/);
    assert.equal((await server.request(`${BASE}/users/current`, { token: ivy })).status, 401, 'a disabled user is signed out');
  });

  it('an import that disables a user ends their signed-in session at once and audits it, as the customers page does', async () => {
    const user = (status: string, password = '') => `record,name,email,customerId,status,shipTos,password\nuser,Jo Imported,jo@example.com,C0009102,${status},0000410001,${password}\n`;
    assert.equal((await upload('customers', user('active', 'Imported-pass-2'))).body.inserted, 1);
    const token = await server.tokenFor('jo@example.com', 'Imported-pass-2');
    assert.equal((await server.request(`${BASE}/users/current`, { token })).status, 200, 'the token is in use, so this process holds it resolved');

    assert.equal((await upload('customers', user('disabled'))).body.updated, 1);
    assert.equal((await server.request(`${BASE}/users/current`, { token })).status, 401, 'signed out at the next request, not after the token cache');
    await assert.rejects(server.tokenFor('jo@example.com', 'Imported-pass-2'), /User is disabled/);
    const audited = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.subject, 'user:jo@example.com')));
    assert.deepEqual(
      audited.map((entry) => [entry.operatorId !== null, entry.before, entry.after]),
      [[true, { status: 'active', locked: false }, { status: 'disabled', locked: false }]],
    );
    assert.equal((await upload('customers', user('disabled'))).body.unchanged, 1, 'a user disabled already is left as is');
  });

  it('hashes a new user\'s first password before the write (outside its transaction), and never a known user\'s', async () => {
    const user = (username: string): UserImport => ({ record: 'user', username, customerId: 'C0009103', name: 'Hash Test', status: 'active', shipTos: [], password: 'First-pass-1' });
    const [fresh, known] = await hashNewPasswords(server.database.db, [user('hash-test@example.com'), user('solo@example.com')]);
    assert.ok(fresh?.record === 'user' && fresh.passwordHash && (await verifyPassword(fresh.passwordHash, 'First-pass-1')));
    assert.equal(fresh.password, undefined, 'the write gets the hash, not the password');
    assert.deepEqual(known?.record === 'user' && [known.password, known.passwordHash], [undefined, undefined], 'an import never resets a password');
  });

  it('two imports of the same products at once, in opposite orders, both apply without error', async () => {
    const header = 'code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays';
    const rows = Array.from({ length: 3000 }, (_, i) => `${910000 + i},Parallel Product ${i},Testbrand,DAIR,DAIR_BUTTER,1 kg,${(i % 50) + 1}.00,0,chilled,10`);
    for (let round = 0; round < 3; round++) {
      // Each round changes every price, so both runs write every row.
      const priced = rows.map((row) => row.replace(/,(\d+)\.00,/, `,$1.${String(round + 10)},`));
      const [first, second] = await Promise.all([
        upload('products', `${header}\n${priced.join('\n')}\n`),
        upload('products', `${header}\n${[...priced].reverse().join('\n')}\n`),
      ]);
      assert.deepEqual([first.status, second.status], [200, 200], JSON.stringify([first.body, second.body]).slice(0, 300));
    }
    const stored = await server.database.db.select({ code: products.code }).from(products).where(and(gte(products.code, '910000'), lt(products.code, '913000')));
    assert.equal(stored.length, 3000);
  });

  it('refuses bad customer rows by field: unknown record, bad cut-off, bad days; a new user needs no password', async () => {
    const csv = [
      'record,code,name,soldTo,address,town,postcode,cutoff,deliveryDays,email,customerId,shipTos',
      'shop,X1,Nobody,,,,,,,,,',
      'shipTo,0000419002,Bad,0000100001,1 St,Town,AB1 2CD,25:00,DAIR: Funday,,,',
      'user,,New Person,,,,,,,new@example.com,C0009002,0000410001',
    ].join('\n');
    const { body } = await upload('customers', csv, { dryRun: true });
    assert.deepEqual(
      body.problems.map((p) => [p.line, p.column]),
      [[2, 'record'], [3, 'cutoff'], [3, 'deliveryDays']],
    );
  });

  it('a new user without a password is e-mailed an invitation (a set-password link); known, disabled and passworded users are not', async () => {
    const csv = [
      'record,name,email,customerId,status,shipTos,password',
      'user,Ines Invited,ines@example.com,C0009201,active,0000410001,',
      'user,Pat Passworded,pat@example.com,C0009202,active,0000410001,Imported-pass-3',
      'user,Dee Disabled,dee@example.com,C0009203,disabled,0000410001,',
      'user,Sam Okafor,solo@example.com,C0001001,active,0000410001,',
    ].join('\n');
    const { status, body } = await upload('customers', csv);
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual([body.inserted, body.invited], [3, 1]);
    await dispatch(server);
    const mails = await server.database.db.select().from(mailMessages).where(inArray(mailMessages.toAddress, ['ines@example.com', 'pat@example.com', 'dee@example.com', 'solo@example.com']));
    assert.deepEqual(mails.map((mail) => [mail.toAddress, mail.subject]), [['ines@example.com', 'You are invited to order from Meadowvale Foods']]);
    const link = /http\S+\/login\/reset-password\/\?token=(\S+)/.exec(mails[0]?.text ?? '');
    assert.ok(link?.[1], 'the mail links to the set-password page');
    const valid = await findValidToken(server.database.db, decodeURIComponent(link[1]), ['invitation'], server.app.clock());
    const [ines] = await server.database.db.select().from(users).where(eq(users.username, 'ines@example.com'));
    assert.equal(valid?.userId, ines?.id);
    assert.equal(ines?.passwordHash, '!', 'no password until the invitation is accepted');
    await assert.rejects(server.tokenFor('ines@example.com', '!'), /Bad credentials/);

    const again = await upload('customers', csv);
    assert.deepEqual([again.body.unchanged, again.body.invited], [4, 0], 'a second run invites nobody again');
    await dispatch(server);
    assert.equal((await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'ines@example.com'))).length, 1);
  });

  it('a sold-to\'s salesRep makes that active sales operator its only rep; an empty cell keeps its reps; anyone else is refused by name', async () => {
    const repA = await createOperator(server, 'sales');
    const repB = await createOperator(server, 'sales');
    const service = await createOperator(server, 'customerService');
    const gone = await createOperator(server, 'sales', 'disabled');
    const repsOf = async (code: string) =>
      (await server.database.db.select({ email: operators.email }).from(operatorSoldTos).innerJoin(operators, eq(operators.id, operatorSoldTos.operatorId)).where(eq(operatorSoldTos.soldTo, code)))
        .map((row) => row.email)
        .sort();
    const file = (rows: string[]) => ['record,code,name,salesRep', ...rows].join('\n');

    const first = await upload('customers', file([`soldTo,0000109301,Rep Foods Ltd,${repA.toUpperCase()}`, 'soldTo,0000109302,Repless Ltd,']));
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual([await repsOf('0000109301'), await repsOf('0000109302')], [[repA], []]);
    assert.equal((await upload('customers', file(['soldTo,0000109301,Rep Foods Ltd,']))).body.unchanged, 1, 'an empty cell keeps the rep');
    assert.equal((await upload('customers', 'record,code,name\nsoldTo,0000109301,Rep Foods Ltd\n')).body.unchanged, 1, 'so does a file without the column');
    assert.deepEqual(await repsOf('0000109301'), [repA]);
    assert.equal((await upload('customers', file([`soldTo,0000109301,Rep Foods Ltd,${repA}`]))).body.unchanged, 1);

    // A rep given in the back office beside the imported one: the file's value replaces both.
    const [b] = await server.database.db.select({ id: operators.id }).from(operators).where(eq(operators.email, repB));
    await server.database.db.insert(operatorSoldTos).values({ operatorId: b?.id ?? 0, soldTo: '0000109301' });
    const replaced = await upload('customers', file([`soldTo,0000109301,Rep Foods Ltd,${repB}`]));
    assert.deepEqual([replaced.body.updated, await repsOf('0000109301')], [1, [repB]]);

    const refused = await upload('customers', file([`soldTo,0000109303,Nobody's Ltd,nobody@meadowvale.example`, `soldTo,0000109304,Service Ltd,${service}`, `soldTo,0000109305,Gone Ltd,${gone}`, 'soldTo,0000109306,Typo Ltd,not-an-address']));
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.problems.map((p) => [p.line, p.column, p.reason]),
      [
        [2, 'salesRep', "'nobody@meadowvale.example' is not an operator"],
        [3, 'salesRep', `'${service}' is customerService, not a sales operator`],
        [4, 'salesRep', `'${gone}' is disabled: only an active sales operator can be assigned customers`],
        [5, 'salesRep', 'Must be the e-mail address of a sales operator'],
      ],
    );
    assert.deepEqual(await repsOf('0000109303'), []);
  });

  it('says in the template that the password column is deprecated', async () => {
    const response = await server.request('/admin/v1/imports/kinds', { token: admin });
    const { kinds } = (await response.json()) as { kinds: { kind: string; columns: { name: string; help: string }[] }[] };
    const password = kinds.find((kind) => kind.kind === 'customers')?.columns.find((column) => column.name === 'password');
    assert.match(password?.help ?? '', /^Deprecated, leave empty: a new user without one is e-mailed an invitation/);
  });

  it('refuses binary files, unknown columns, empty files and unsupported types with clear messages', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe]);
    const binary = await upload('products', zip);
    assert.equal(binary.status, 422);
    assert.match(binary.body.problems[0]?.reason ?? '', /not text/);
    const unknown = await upload('prices', 'soldTo,product,price,colour\n');
    assert.deepEqual(unknown.body.problems, [{ line: 1, column: 'colour', reason: "Unknown column 'colour' in the header row" }]);
    assert.match((await upload('prices', '   ')).body.problems[0]?.reason ?? '', /empty/);
    assert.match((await upload('prices', '{"rows": 5}', { type: 'application/json' })).body.problems[0]?.reason ?? '', /array of objects/);
    assert.match((await upload('prices', '{not json', { type: 'application/json' })).body.problems[0]?.reason ?? '', /Not valid JSON/);
    const octet = await upload('prices', zip, { type: 'application/octet-stream' });
    assert.equal(octet.status, 415);
    const unknownKind = await upload('widgets', 'a\n');
    assert.equal(unknownKind.status, 400);
    const badQuote = await upload('prices', 'soldTo,product,price\n"0000100001,100001,1.00\n');
    assert.deepEqual([badQuote.status, badQuote.body.problems[0]?.line], [422, 2]);
  });

  it('refuses a 50 MB upload with 413 and a message', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    const { status, body } = await upload('products', big);
    assert.equal(status, 413);
    assert.match(JSON.stringify(body), /at most 40 MB/);
  });

  it('service operators may import customers but not the catalogue or prices; customer tokens get 403', async () => {
    const service = await operatorToken(server, await createOperator(server, 'customerService'));
    assert.equal((await upload('products', productCsv('900030'), { token: service })).status, 403);
    assert.equal((await upload('prices', 'soldTo,product,price\n', { token: service })).status, 403);
    assert.equal((await upload('categories', CATEGORY_CSV, { token: service })).status, 403);
    assert.equal((await upload('customers', 'record,code,name\nsoldTo,0000109555,Service Ltd\n', { token: service })).status, 200);
    const customer = await server.tokenFor('solo@example.com');
    assert.equal((await upload('customers', 'record,code,name\n', { token: customer })).status, 403);
  });

  it('a product imported with active=false stops being sold: search, cart and reorder say so', async () => {
    const solo = await shopper(server, SOLO);
    const code = '100001';
    const before = await productRow(code);
    assert.ok(before && !before.discontinued && before.range === 'DAIR');
    const added = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: before.minOrderQuantity } });
    assert.equal(added.status, 200, JSON.stringify(added.body));

    const header = 'code,name,brand,range,category,packSize,packType,listPrice,vatRate,storage,storageText,shelfLifeDays,minOrderQuantity,active';
    const row = [code, before.name, before.brand, before.range, before.categoryId, before.packSize, before.packType, (before.listPricePence / 100).toFixed(2), before.vatRateBp / 100, before.storage, before.storageText, before.shelfLifeDays, before.minOrderQuantity, 'false'];
    const { status } = await upload('products', `${header}\n${row.map((cell) => `"${String(cell)}"`).join(',')}\n`);
    assert.equal(status, 200);

    const search = await solo.call('GET', `/products/search?query=${encodeURIComponent(before.name)}&pageSize=100`);
    const codes = (search.body.products as { code: string }[]).map((product) => product.code);
    assert.ok(!codes.includes(code), 'a deactivated product is not found');
    const again = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code }, quantity: before.minOrderQuantity } });
    assert.equal(again.status, 400);
    assert.match(again.body.errors?.[0]?.message ?? '', /no longer sold/);
    const page = await server.request(`${BASE}/products/${code}?shipTo=${SOLO.shipTo}&salesOrg=DAIR`, { token: solo.token });
    assert.equal(((await page.json()) as { purchasable: boolean }).purchasable, false);
  });

  it('records every run with who, the file name and the counts', async () => {
    await upload('prices', 'soldTo,product,price\n0000100002,100002,2.00\n', { fileName: 'march-prices.csv', dryRun: true });
    const history = await server.request('/admin/v1/imports', { token: admin });
    const body = (await history.json()) as { runs: { fileName: string; operator: string; dryRun: boolean; valid: number }[] };
    const run = body.runs.find((r) => r.fileName === 'march-prices.csv');
    assert.deepEqual(run && [run.operator, run.dryRun, run.valid], ['admin@meadowvale.example', true, 1]);
    const seeded = await server.database.db.select().from(importRuns).where(eq(importRuns.fileName, 'demo seed: products'));
    assert.equal(seeded.length, 1, 'the demo seed went through the import code');
  });

  it('answers a template per kind with its header row', async () => {
    const response = await server.request('/admin/v1/imports/prices/template.csv', { token: admin });
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(await response.text(), /^soldTo,product,price\r\n/);
  });
});
