/** What `npm start` hands the API and the storefront on one machine (scripts/start-env.mjs, docs/configuration.md). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StartEnvError, startEnvironment } from './start-env.mjs';

const ROOT = '/srv/shop';

test('e-mail links point at the storefront this start serves: SHOP_URL follows WEB_PORT unless it is set', () => {
  assert.equal(startEnvironment({}, ROOT).api.SHOP_URL, 'http://localhost:3000');
  const elsewhere = startEnvironment({ WEB_PORT: '3100', API_PORT: '4100' }, ROOT);
  assert.equal(elsewhere.api.SHOP_URL, 'http://localhost:3100');
  assert.equal(elsewhere.api.API_URL, 'http://127.0.0.1:4100');
  assert.equal(elsewhere.webPort, '3100');
  assert.equal(startEnvironment({ WEB_PORT: '3100', SHOP_URL: 'https://shop.example' }, ROOT).api.SHOP_URL, 'https://shop.example');
  assert.equal(startEnvironment({ DATA_DIR: 'elsewhere' }, ROOT).api.DATA_DIR, '/srv/shop/elsewhere');
});

test('each process gets a metrics port of its own: the API METRICS_PORT, the storefront the next', () => {
  const { api, web } = startEnvironment({ METRICS_PORT: '9464' }, ROOT);
  assert.equal(api.METRICS_PORT, '9464');
  assert.equal(web.METRICS_PORT, '9465');
  const anyFree = startEnvironment({ METRICS_PORT: '0' }, ROOT);
  assert.deepEqual([anyFree.api.METRICS_PORT, anyFree.web.METRICS_PORT], ['0', '0']);
  const none = startEnvironment({}, ROOT);
  assert.deepEqual([none.api.METRICS_PORT, none.web.METRICS_PORT], [undefined, undefined]);
});

test('metrics ports that cannot work are refused before anything starts, naming the setting', () => {
  for (const [env, message] of [
    [{ METRICS_PORT: '65535' }, /METRICS_PORT: must be a port from 1 to 65534/],
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT: must be a port/],
    [{ METRICS_PORT: '2999' }, /METRICS_PORT: 2999 and 3000 .* must both differ from WEB_PORT 3000/],
    [{ METRICS_PORT: '4000' }, /must both differ from API_PORT 4000/],
  ]) {
    assert.throws(() => startEnvironment(env, ROOT), (error) => error instanceof StartEnvError && message.test(error.message), JSON.stringify(env));
  }
});
