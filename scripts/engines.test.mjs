/**
 * `npm ci` warns (EBADENGINE) when a locked package needs a newer Node than the project promises. The oldest Node
 * the root `engines` admits must satisfy every locked package's own `engines.node`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import semver from 'semver';

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));

test('the oldest Node the project promises runs every locked package', () => {
  const oldest = semver.minVersion(manifest.engines.node);
  assert.ok(oldest, `engines.node ${manifest.engines.node} names a version`);
  const refusing = Object.entries(lock.packages)
    .filter(([path]) => path !== '')
    .filter(([, entry]) => typeof entry.engines?.node === 'string' && !semver.satisfies(oldest, entry.engines.node))
    .map(([path, entry]) => `${path}@${entry.version} needs node ${entry.engines.node}`);
  assert.deepEqual(refusing, [], `Node ${oldest} (engines ${manifest.engines.node})`);
});

test('the lock file records the same engines as package.json', () => {
  assert.deepEqual(lock.packages[''].engines, manifest.engines);
});

test('this machine runs a Node the project promises', () => {
  assert.ok(semver.satisfies(process.version, manifest.engines.node), `${process.version} within ${manifest.engines.node}`);
});
