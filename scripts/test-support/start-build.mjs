// Stands in for `npm start` in scripts/storefront-build.test.mjs: launches the lock holder as the recorded
// storefront build (argv: webDir, lockPath, lifetime, mode) and stays until it is killed.
import { fileURLToPath } from 'node:url';
import { spawnRecordedBuild } from '../storefront-build.mjs';

const [webDir, lockPath, lifetime = '', mode = ''] = process.argv.slice(2);
const holder = fileURLToPath(new URL('./hold-build-lock.mjs', import.meta.url));
const build = spawnRecordedBuild(process.execPath, [holder, lockPath, lifetime, mode], { webDir, env: process.env });
build.on('exit', () => undefined);
setTimeout(() => undefined, 3_600_000);
