// Runs npm scripts one after another, stopping at the first that fails, and prints each one's time at the end
// (also after a failure), so a slow stage shows in every run: `node scripts/run-stages.mjs typecheck lint …`.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
let failed;
for (const stage of process.argv.slice(2)) {
  const started = performance.now();
  const result = spawnSync(npm, ['run', '--silent', stage], { stdio: 'inherit' });
  times.push([stage, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    failed = stage;
    break;
  }
}

const width = Math.max(...times.map(([stage]) => stage.length));
console.log('\n== stage times ==');
for (const [stage, seconds] of times) console.log(`${stage.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s`);
console.log(`${'total'.padEnd(width)}  ${times.reduce((sum, [, seconds]) => sum + seconds, 0).toFixed(1).padStart(7)} s`);
if (failed) {
  console.error(`\n${failed} failed`);
  process.exit(1);
}
