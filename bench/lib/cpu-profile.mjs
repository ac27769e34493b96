/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and says where a window of it went: self time by function, and
 * by phase, a phase being named by the deepest frame of each sample's stack that a rule recognises (so a
 * Map lookup inside the ranking counts as ranking, JSON.stringify inside the reply as serialising).
 *
 * Sample times are V8's monotonic clock in microseconds, the clock `process.hrtime` reads on Linux, so a
 * benchmark can cut the profile by the windows it measured (see `nowMicros`).
 */
import { readFileSync } from 'node:fs';

/** The monotonic clock in microseconds, comparable with a CPU profile's sample times. */
export const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Nodes by id (with their parent's id) and every sample as [node id, time in µs]. */
export function readCpuProfile(path) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const nodes = new Map();
  for (const node of profile.nodes) nodes.set(node.id, { callFrame: node.callFrame, parent: undefined });
  for (const node of profile.nodes) for (const child of node.children ?? []) nodes.get(child).parent = node.id;
  const samples = [];
  let time = profile.startTime;
  profile.samples.forEach((nodeId, i) => {
    time += profile.timeDeltas[i] ?? 0;
    samples.push([nodeId, time]);
  });
  return { nodes, samples, startTime: profile.startTime, endTime: profile.endTime };
}

const SPECIAL = { '(idle)': 'idle', '(garbage collector)': 'garbage collection', '(program)': 'V8 and native (unattributed)' };

/**
 * Sums the samples taken in [from, to] µs. `rules` is an ordered list of { phase, fn?, file? } (RegExps);
 * a rule with `fn` matches a frame whose function name (and file, when given) match; rules with `file`
 * only are consulted after no frame of the stack matched a function rule. Returns busy milliseconds
 * (idle excluded), milliseconds by phase and the `top` functions by self time.
 */
export function summariseWindow(profile, { from = -Infinity, to = Infinity, rules = [], top = 25 }) {
  const interval = profile.samples.length > 1 ? (profile.endTime - profile.startTime) / profile.samples.length / 1000 : 1;
  const phaseCache = new Map();
  const byPhase = new Map();
  const byFunction = new Map();
  let busyMs = 0;
  let idleMs = 0;
  let previous;
  for (const [nodeId, time] of profile.samples) {
    if (time < from || time > to) continue;
    // Each sample stands for the time since the one before (the first of the window: one interval).
    const ms = previous === undefined ? interval : (time - previous) / 1000;
    previous = time;
    const node = profile.nodes.get(nodeId);
    const frame = node.callFrame;
    const special = SPECIAL[frame.functionName];
    if (special === 'idle') {
      idleMs += ms;
      continue;
    }
    busyMs += ms;
    let phase = phaseCache.get(nodeId);
    if (phase === undefined) {
      phase = special ?? phaseOf(profile.nodes, nodeId, rules);
      phaseCache.set(nodeId, phase);
    }
    byPhase.set(phase, (byPhase.get(phase) ?? 0) + ms);
    const key = `${frame.functionName || '(anonymous)'}\u0000${shortFile(frame.url)}:${frame.lineNumber + 1}`;
    const entry = byFunction.get(key) ?? { ms: 0, phase };
    entry.ms += ms;
    byFunction.set(key, entry);
  }
  const functions = [...byFunction]
    .map(([key, { ms, phase }]) => {
      const [name, where] = key.split('\u0000');
      return { name, where, ms, phase };
    })
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
  return { busyMs, idleMs, byPhase: [...byPhase].sort((a, b) => b[1] - a[1]), functions };
}

function phaseOf(nodes, leafId, rules) {
  const frames = [];
  for (let id = leafId; id !== undefined; id = nodes.get(id).parent) frames.push(nodes.get(id).callFrame);
  const named = rules.filter((rule) => rule.fn !== undefined);
  for (const frame of frames) {
    const rule = named.find((r) => r.fn.test(frame.functionName) && (r.file === undefined || r.file.test(frame.url)));
    if (rule) return rule.phase;
  }
  const byFile = rules.filter((rule) => rule.fn === undefined);
  for (const frame of frames) {
    const rule = byFile.find((r) => r.file.test(frame.url));
    if (rule) return rule.phase;
  }
  return 'other';
}

/** The part of a file URL worth printing: from the package or from `src/`. */
function shortFile(url) {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) return url.slice(modules + 'node_modules/'.length);
  const src = url.lastIndexOf('/src/');
  return src !== -1 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}
