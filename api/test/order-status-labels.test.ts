import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ORDER_STATUSES } from '../src/order-status/order-status';

/** The storefront's status labels, read from its source: the API and the storefront share no code (docs/architecture.md). */
function storefrontLabels(): Record<string, string> {
  const source = readFileSync(new URL('../../web/src/components/orders/order-status.ts', import.meta.url), 'utf8');
  const table = /const STATUS_LABELS[^=]*=\s*\{([^}]*)\}/.exec(source)?.[1];
  assert.ok(table, 'STATUS_LABELS not found in web/src/components/orders/order-status.ts');
  return Object.fromEntries([...table.matchAll(/(\w+):\s*'([^']*)'/g)].map((match) => [match[1], match[2]]));
}

describe('the storefront names every order status', () => {
  it('has a label for each status of the API, and none for a status the API does not have', () => {
    const labels = storefrontLabels();
    assert.deepEqual(Object.keys(labels).sort(), [...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) assert.ok(labels[status]?.trim(), `no label for ${status}`);
  });
});
