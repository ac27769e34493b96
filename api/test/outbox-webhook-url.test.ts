import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config/config';
import { TEST_WEBHOOK_SECRET } from './support/webhook-receiver';

const configWith = (url: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', STOREFRONT_CLIENT_SECRET: 'test-storefront-secret-0123456789', WEBHOOK_URL: url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ...extra });

describe('WEBHOOK_URL: no receiver on this machine or a private network unless allowed', () => {
  const refused: [string, RegExp][] = [
    ['http://127.0.0.1:9000/hooks', /127\.0\.0\.1 is a loopback address/],
    ['http://2130706433/hooks', /127\.0\.0\.1 is a loopback address/],
    ['http://0x7f.0.0.1/hooks', /127\.0\.0\.1 is a loopback address/],
    ['http://localhost:8080/', /localhost is this machine/],
    ['https://erp.localhost/', /erp\.localhost is this machine/],
    ['http://[::1]/hooks', /::1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]/hooks', /is a loopback address/],
    ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254 is a link-local address/],
    ['http://[fe80::1]/', /fe80::1 is a link-local address/],
    ['http://0.0.0.0/', /0\.0\.0\.0 is an unspecified address/],
    ['http://[::]/', /:: is an unspecified address/],
    ['http://10.0.0.8/', /10\.0\.0\.8 is a private address/],
    ['http://172.16.5.4/', /172\.16\.5\.4 is a private address/],
    ['http://192.168.1.20/', /192\.168\.1\.20 is a private address/],
    ['http://[fd12::1]/', /fd12::1 is a private \(unique local\) address/],
  ];
  for (const [url, reason] of refused) {
    it(`refuses ${url} at start-up, naming the variable and the way to allow it`, () => {
      assert.throws(
        () => configWith(url),
        (error: Error) => {
          assert.match(error.message, /^Invalid configuration:\n {2}WEBHOOK_URL: /);
          assert.match(error.message, reason);
          assert.match(error.message, /WEBHOOK_ALLOW_PRIVATE=true/);
          return true;
        },
      );
    });
  }

  it('accepts them with WEBHOOK_ALLOW_PRIVATE=true', () => {
    for (const [url] of refused) assert.equal(configWith(url, { WEBHOOK_ALLOW_PRIVATE: 'true' }).webhook?.url, url);
  });

  it('accepts public addresses and names (names are not resolved: what they point at is the operator’s choice)', () => {
    for (const url of ['https://erp.example.com/hooks', 'http://8.8.8.8/hooks', 'http://172.32.0.1/', 'http://[2001:db8::1]/']) {
      assert.equal(configWith(url).webhook?.url, url);
    }
  });

  it('refuses a WEBHOOK_ALLOW_PRIVATE other than true or false', () => {
    assert.throws(() => configWith('https://erp.example.com/hooks', { WEBHOOK_ALLOW_PRIVATE: 'yes' }), /WEBHOOK_ALLOW_PRIVATE/);
  });
});
