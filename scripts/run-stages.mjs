// Runs npm scripts one after another, stopping at the first that fails, and prints each one's time at the end
// (also after a failure), so a slow stage shows in every run: `node scripts/run-stages.mjs typecheck lint …`.
// Scripts joined by a comma run at the same time, as one stage (`typecheck,lint`): each of those two keeps about
// one core busy, and the machines this runs on have two.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The script's exit status and how long it took, in seconds. */
function runScript(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
    child.on('close', (code) => resolve({ script, status: code ?? 1, seconds: (performance.now() - started) / 1000 }));
  });
}

const times = [];
let failed = [];
for (const stage of process.argv.slice(2)) {
  const started = performance.now();
  const results = await Promise.all(stage.split(',').map(runScript));
  const label = results.length > 1 ? `${stage} (${results.map(({ script, seconds }) => `${script} ${seconds.toFixed(1)} s`).join(', ')})` : stage;
  times.push([label, (performance.now() - started) / 1000]);
  failed = results.filter(({ status }) => status !== 0).map(({ script }) => script);
  if (failed.length > 0) break;
}

const width = Math.max(...times.map(([stage]) => stage.length));
console.log('\n== stage times ==');
for (const [stage, seconds] of times) console.log(`${stage.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s`);
console.log(`${'total'.padEnd(width)}  ${times.reduce((sum, [, seconds]) => sum + seconds, 0).toFixed(1).padStart(7)} s`);
if (failed.length > 0) {
  console.error(`\n${failed.join(' and ')} failed`);
  process.exit(1);
}
