import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PrincipalCache, type ResolvedToken } from '../src/auth/principal-cache';

const NOW = 1_000_000;
const user = (id: number, family: string, expiresAt = NOW + 60_000): ResolvedToken => ({
  principal: { kind: 'user', clientId: 'storefront', user: { id, username: `u${id}`, customerId: `c${id}`, name: 'U', email: `u${id}@x` } },
  family,
  expiresAt,
});

describe('principal cache', () => {
  it('answers within its lifetime and forgets after it', () => {
    const cache = new PrincipalCache(5_000);
    cache.set('a', user(1, 'f1'), NOW);
    assert.equal(cache.get('a', NOW + 4_999)?.kind, 'user');
    assert.equal(cache.get('a', NOW + 5_000), undefined);
    assert.equal(cache.get('a', NOW + 1), undefined, 'an expired entry is dropped, not revived');
  });

  it('never outlives the token itself', () => {
    const cache = new PrincipalCache(5_000);
    cache.set('a', user(1, 'f1', NOW + 1_000), NOW);
    assert.ok(cache.get('a', NOW + 999));
    assert.equal(cache.get('a', NOW + 1_000), undefined);
  });

  it('forgets a revoked sign-in and a disabled user at once, and nobody else', () => {
    const cache = new PrincipalCache(5_000);
    cache.set('a', user(1, 'f1'), NOW);
    cache.set('b', user(1, 'f2'), NOW);
    cache.set('c', user(2, 'f3'), NOW);
    cache.forgetFamily('f1');
    assert.equal(cache.get('a', NOW), undefined);
    assert.ok(cache.get('b', NOW));
    cache.forgetUser(1);
    assert.equal(cache.get('b', NOW), undefined);
    assert.ok(cache.get('c', NOW));
  });

  it('keeps nothing with a lifetime of 0, and drops the oldest entry when full', () => {
    const off = new PrincipalCache(0);
    off.set('a', user(1, 'f1'), NOW);
    assert.equal(off.get('a', NOW), undefined);
    const small = new PrincipalCache(5_000, 2);
    small.set('a', user(1, 'f1'), NOW);
    small.set('b', user(2, 'f2'), NOW);
    small.set('c', user(3, 'f3'), NOW);
    assert.equal(small.get('a', NOW), undefined);
    assert.ok(small.get('b', NOW) && small.get('c', NOW));
  });
});
