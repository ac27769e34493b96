import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { safeAdminNext, safeNextPath } from '../src/lib/session/next-target';

/** `?next=` after sign-in and session expiry (next-redirects.test.ts sends the same through the running shop). */
const SHOP = 'https://shop.meadowvale.example';

/** Values a browser would follow to another site when written into a Location header as they are. */
const OFF_SITE = [
  '/\t/evil.example/',
  '/.//evil.example/',
  '/\t\\evil.example/',
  '/\\evil.example/',
  '/\\/evil.example/',
  '\\\\evil.example/',
  '//evil.example/',
  '///evil.example/',
  ' //evil.example/',
  '\t//evil.example/',
  '/\n/evil.example/',
  '/\r\n/evil.example/',
  '/%2e%2e//evil.example/',
  '/%2E./%2e//evil.example/',
  'https://evil.example/',
  'HTTPS://evil.example/cart/',
  'https:/\\evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://[::1',
];

/** Stays on SHOP when a browser follows it from a page of SHOP. */
function staysOnShop(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//') && new URL(location, `${SHOP}/login/`).origin === SHOP;
}

describe('?next= targets', () => {
  test('anything that leads off the site, however written, becomes the home page', () => {
    for (const next of OFF_SITE) assert.equal(safeNextPath(next), '/', JSON.stringify(next));
  });

  test('a path of the shop keeps its path and query, %-encoded, and loses its fragment', () => {
    assert.equal(safeNextPath('/cart/'), '/cart/');
    assert.equal(safeNextPath('/search/butter?page=2&sort=name'), '/search/butter?page=2&sort=name');
    assert.equal(safeNextPath('/cart/#summary'), '/cart/');
    assert.equal(safeNextPath('/products/a b?q=x y'), '/products/a%20b?q=x%20y');
    assert.equal(safeNextPath('/orders/./../account/'), '/account/');
  });

  test('encoded slashes and backslashes stay encoded: a path on the shop, not a host', () => {
    for (const next of ['/%2F%2Fevil.example/', '/%5C%5Cevil.example/', '/%09/evil.example/', '/%2F%09%2Fevil.example%2F']) {
      const target = safeNextPath(next);
      assert.ok(staysOnShop(target), `${JSON.stringify(next)} -> ${target}`);
      assert.equal(target, next);
    }
  });

  test('never the sign-in page or an API route, however the path is spelt', () => {
    for (const next of ['/login/', '/login/?next=/cart/', '/./login/', '/cart/../login/', '/api/session/expired/?next=/', '/%2e/api/log/']) {
      assert.equal(safeNextPath(next), '/', next);
    }
    assert.equal(safeNextPath('//evil.example/', '/account/'), '/account/');
    assert.equal(safeNextPath(undefined), '/');
    assert.equal(safeNextPath(''), '/');
  });

  test('every answer stays on the shop when a browser follows it', () => {
    for (const next of [...OFF_SITE, '/%2F%2Fevil.example/', '/cart/', 'cart/', '?page=2', 'http:evil.example']) {
      assert.ok(staysOnShop(safeNextPath(next)), JSON.stringify(next));
      assert.ok(staysOnShop(safeAdminNext(next)), JSON.stringify(next));
    }
  });

  test('the back office returns only to a back-office path once dot segments are resolved', () => {
    assert.equal(safeAdminNext('/admin/orders/?status=open'), '/admin/orders/?status=open');
    assert.equal(safeAdminNext('/admin/./customers/'), '/admin/customers/');
    for (const next of [
      ...OFF_SITE,
      '/admin/..//evil.example/',
      '/admin/%2e%2e//evil.example/',
      '/admin/../cart/',
      '/admin/login/',
      '/admin/./login/?next=/admin/',
      '/administrator/',
      '/cart/',
    ]) {
      assert.equal(safeAdminNext(next), '/admin/', JSON.stringify(next));
    }
  });
});
