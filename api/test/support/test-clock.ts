import assert from 'node:assert/strict';
import type { TestServer } from './test-server';

/** Moves the API's clock (TEST_CLOCK_CONTROL): `now` is an instant, e.g. '2026-12-07T13:59:00Z'; null: the real time. */
export async function setClock(server: TestServer, now: string | null): Promise<void> {
  const answer = await server.request('/test/clock', { method: 'PUT', body: JSON.stringify({ now }) });
  assert.equal(answer.status, 200);
}
