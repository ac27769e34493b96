import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseFailure } from '../src/http/database-errors';

/** An error as pg throws it, wrapped the way Drizzle wraps a failed query. */
const wrapped = (inner: object) => Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('inner'), inner) });

describe('database failures: which errors are an outage (503), which a lost race (409)', () => {
  it('reads an outage from socket codes, connection SQLSTATEs and driver messages, however wrapped', () => {
    assert.equal(databaseFailure(wrapped({ code: 'ECONNREFUSED' })), 'unavailable');
    assert.equal(databaseFailure(new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })], 'all addresses failed')), 'unavailable');
    assert.equal(databaseFailure(wrapped({ code: '57P01' })), 'unavailable');
    assert.equal(databaseFailure(wrapped({ code: '08006' })), 'unavailable');
    assert.equal(databaseFailure(wrapped({ code: '53300' })), 'unavailable');
    assert.equal(databaseFailure(new Error('Connection terminated unexpectedly')), 'unavailable');
    assert.equal(databaseFailure(new Error('timeout exceeded when trying to connect')), 'unavailable');
    assert.equal(databaseFailure(wrapped({ message: 'PGlite is closed' })), 'unavailable');
  });

  it('reads a lost race from unique, serialization and deadlock SQLSTATEs', () => {
    assert.equal(databaseFailure(wrapped({ code: '23505', constraint: 'carts_one_current_idx' })), 'conflict');
    assert.equal(databaseFailure(wrapped({ code: '40001' })), 'conflict');
    assert.equal(databaseFailure(wrapped({ code: '40P01' })), 'conflict');
  });

  it('leaves everything else to the 500 path, and survives a cause cycle', () => {
    assert.equal(databaseFailure(wrapped({ code: '42703' })), undefined);
    assert.equal(databaseFailure(new TypeError('x is undefined')), undefined);
    assert.equal(databaseFailure('a string'), undefined);
    const cyclic: Error & { cause?: unknown } = new Error('loop');
    cyclic.cause = cyclic;
    assert.equal(databaseFailure(cyclic), undefined);
  });
});
