import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { productWith, sellableProducts, shopper, SOLO, MULTI_DAIR, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface CartBody {
  version: number;
  entries: { entryNumber: number; quantity: number; product: { code: string } }[];
}

/** docs/phone.md, "The offline cart": cart changes made once per Idempotency-Key. */
describe('cart changes with an Idempotency-Key', () => {
  let server: TestServer;
  let solo: Shopper;
  let multi: Shopper;
  let codes: string[];
  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    multi = await shopper(server, MULTI_DAIR);
    codes = await sellableProducts(server, 'DAIR', 3);
  });
  after(() => server.close());

  const lines = async (who: Shopper) => {
    const cart = (await who.call('GET', '/users/current/carts/active?fields=FULL')).body as unknown as CartBody;
    return cart.entries.map((entry) => [entry.product.code, entry.quantity]);
  };
  const keyed = (key: string) => ({ 'idempotency-key': key });

  it('the same add again answers the first answer and adds nothing', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [a] = codes as [string];
    const key = randomUUID();
    const first = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 3 }, headers: keyed(key) });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const again = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 3 }, headers: keyed(key) });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('etag'), first.headers.get('etag'));
    assert.deepEqual(await lines(solo), [[a, 3]]);
    // Without a key (or with another) an add adds, as before.
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 1 } });
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 1 }, headers: keyed(randomUUID()) });
    assert.deepEqual(await lines(solo), [[a, 5]]);
  });

  it('a quantity change and a removal are made once each', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [a, b] = codes as [string, string];
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 2 } });
    await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: b }, quantity: 2 } });
    const setKey = randomUUID();
    const set = await solo.call('PUT', '/users/current/carts/active/entries/0', { body: { product: { code: a }, quantity: 6 }, headers: keyed(setKey) });
    assert.equal(set.status, 200);
    // Meanwhile the line changes again without a key; the replayed change must not set it back to 6.
    await solo.call('PUT', '/users/current/carts/active/entries/0', { body: { quantity: 4 } });
    const setAgain = await solo.call('PUT', '/users/current/carts/active/entries/0', { body: { product: { code: a }, quantity: 6 }, headers: keyed(setKey) });
    assert.deepEqual(setAgain.body, set.body);
    const removeKey = randomUUID();
    const removed = await solo.call('DELETE', '/users/current/carts/active/entries/1', { headers: keyed(removeKey) });
    assert.equal(removed.status, 200);
    const removedAgain = await solo.call('DELETE', '/users/current/carts/active/entries/1', { headers: keyed(removeKey) });
    assert.equal(removedAgain.status, 200, 'the first answer, not "entry not found"');
    assert.deepEqual(removedAgain.body, removed.body);
    assert.equal(removedAgain.headers.get('etag'), `"${(removed.body as unknown as CartBody).version}"`);
    assert.deepEqual(await lines(solo), [[a, 4]]);
  });

  it('a refusal is the first answer too: the same key answers it again', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const gone = await productWith(server, 'DAIR', 'discontinued');
    const key = randomUUID();
    const refused = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: gone.code }, quantity: 2 }, headers: keyed(key) });
    assert.equal(refused.status, 400);
    assert.match(JSON.stringify(refused.body), /no longer sold/);
    const again = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: gone.code }, quantity: 2 }, headers: keyed(key) });
    assert.equal(again.status, 400);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, refused.body);
    assert.deepEqual(await lines(solo), []);
  });

  it('a key another user used is theirs: the same text makes this user’s change', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    await multi.call('DELETE', '/users/current/carts/active');
    const [a, b] = codes as [string, string];
    const key = `shared-${randomUUID()}`;
    const mine = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 2 }, headers: keyed(key) });
    const theirs = await multi.call('POST', '/users/current/carts/active/entries', { body: { product: { code: b }, quantity: 5 }, headers: keyed(key) });
    assert.equal(mine.status, 200);
    assert.equal(theirs.status, 200);
    assert.equal(theirs.headers.get('idempotent-replayed'), null);
    assert.deepEqual(await lines(solo), [[a, 2]]);
    assert.deepEqual(await lines(multi), [[b, 5]]);
  });

  it('two requests with one key at the same time make one change', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [a] = codes as [string];
    for (let round = 0; round < 3; round++) {
      const key = randomUUID();
      const send = () => solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 2 }, headers: keyed(key) });
      const answers = await Promise.all([send(), send()]);
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200],
      );
      assert.deepEqual(answers[0]?.body, answers[1]?.body);
      assert.equal(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true').length, 1);
      assert.deepEqual(await lines(solo), [[a, 2 * (round + 1)]]);
    }
  });

  it('a malformed key is a 400 naming the header and changes nothing', async () => {
    await solo.call('DELETE', '/users/current/carts/active');
    const [a] = codes as [string];
    for (const bad of ['x'.repeat(101), 'with space', ' ']) {
      const answer = await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: a }, quantity: 1 }, headers: keyed(bad) });
      assert.equal(answer.status, 400, bad);
      assert.match(JSON.stringify(answer.body), /Idempotency-Key/);
    }
    assert.deepEqual(await lines(solo), []);
  });
});
