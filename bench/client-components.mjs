#!/usr/bin/env node
/**
 * Names the JavaScript each storefront route sends to the browser, from the production build (web/.next, or
 * --dist DIR; run `npm run build -w web` first). For each route: its first-load JavaScript (uncompressed and
 * gzipped), how much of it is the framework every page shares (React, the Next.js runtime: the build's root main
 * files) and how much is the route's own, then its heaviest client components ('use client' modules of our code
 * and the libraries they import), each with the bytes it brings beyond the framework:
 *
 *   own      the component's own compiled code
 *   brings   its code plus everything it imports, transitively, that the framework does not already load
 *   alone    the part of `brings` that no other client component of the route imports (what leaving it out, or
 *            making it a server component, would save)
 *
 *   node bench/client-components.mjs [--routes /,/category/[id],/search/[term],/cart,/cart/checkout,/account/usual,/account/orders/[code]]
 *                                    [--top 8] [--dist web/.next] [--all] [--json]
 *
 * --all lists every route of the build; --json prints the figures as JSON instead of tables.
 *
 * How: Turbopack's browser chunks are `TURBOPACK.push([script, id, factory, id, factory, …])`. Each chunk is run
 * in a sandbox that only collects those pairs (no module is executed), a module's imports are the ids its
 * factory requires, and the client-reference manifests of the server build name the client components' ids.
 * Modules that are not client components have no name in the build; their bytes count towards the components
 * that import them. Sizes are of the minified code, as the browser parses it; gzip is per chunk, as served.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_ROUTES = '/,/category/[id],/search/[term],/cart,/cart/checkout,/account/usual,/account/orders/[code]';
const { values: args } = parseArgs({
  options: {
    routes: { type: 'string', default: DEFAULT_ROUTES },
    top: { type: 'string', default: '8' },
    dist: { type: 'string', default: join(ROOT, 'web/.next') },
    all: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const DIST = resolve(args.dist);
const TOP = Number(args.top);

if (!existsSync(join(DIST, 'BUILD_ID'))) {
  console.error(`no production build in ${DIST}: run \`npm run build -w web\` first (or pass --dist)`);
  process.exit(1);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const readJson = (path) => JSON.parse(readFileSync(join(DIST, path), 'utf8'));

/** Every module of every browser chunk: id → {bytes, deps, chunk}. */
const modules = new Map();
/** chunk path (static/chunks/x.js) → {bytes, gzip, ids}. */
const chunks = new Map();

function loadChunk(path) {
  if (chunks.has(path)) return chunks.get(path);
  const file = join(DIST, path);
  const source = readFileSync(file, 'utf8');
  const entry = { bytes: Buffer.byteLength(source), gzip: gzipSync(source, { level: 9 }).length, ids: [] };
  chunks.set(path, entry);
  const pushed = [];
  const sandbox = { TURBOPACK: { push: (item) => pushed.push(item) }, document: undefined, self: {}, navigator: {}, location: {} };
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  try {
    vm.runInNewContext(source, sandbox, { timeout: 2000 });
  } catch {
    // the runtime chunk (turbopack-*.js) runs code of its own; its size still counts, it has no modules
  }
  for (const item of pushed) {
    if (!Array.isArray(item)) continue;
    for (let i = 1; i + 1 < item.length; i += 1) {
      if (typeof item[i] !== 'number' || typeof item[i + 1] !== 'function') continue;
      const code = item[i + 1].toString();
      const param = /^(?:function\s*\w*\s*)?\(?\s*([A-Za-z_$][\w$]*)/.exec(code)?.[1];
      const deps = new Set();
      if (param) {
        const requireCall = new RegExp(`\\b${param.replace('$', '\\$')}\\.[A-Za-z]{1,2}\\((\\d+)[,)]`, 'g');
        for (const match of code.matchAll(requireCall)) deps.add(Number(match[1]));
      }
      if (!modules.has(item[i])) modules.set(item[i], { bytes: Buffer.byteLength(code), deps, chunk: path });
      entry.ids.push(item[i]);
      i += 1;
    }
  }
  return entry;
}

/** The client reference manifests: route → {client component name → id}, and every id's name. */
function clientManifests() {
  const byRoute = new Map();
  const names = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('_client-reference-manifest.js')) {
        const sandbox = { globalThis: {} };
        sandbox.globalThis = sandbox;
        vm.runInNewContext(readFileSync(path, 'utf8'), sandbox);
        for (const [key, manifest] of Object.entries(sandbox.__RSC_MANIFEST ?? {})) {
          const route = `/${key.replace(/\/(page|route)$/, '').replace(/^\//, '')}`.replace(/\/\([^)]*\)/g, '') || '/';
          const components = new Map();
          for (const [moduleName, reference] of Object.entries(manifest.clientModules ?? {})) {
            const pretty = moduleName.replace(/^\[project\]\//, '').replace(/ \[.*$/, '');
            components.set(pretty, reference.id);
            names.set(reference.id, pretty);
          }
          byRoute.set(route === '//' ? '/' : route, components);
        }
      }
    }
  };
  walk(join(DIST, 'server/app'));
  return { byRoute, names };
}

function reachable(start, stop) {
  const seen = new Set();
  const queue = [start];
  while (queue.length) {
    const id = queue.pop();
    if (seen.has(id) || stop.has(id) || !modules.has(id)) continue;
    seen.add(id);
    for (const dep of modules.get(id).deps) queue.push(dep);
  }
  return seen;
}

const sum = (ids) => [...ids].reduce((total, id) => total + (modules.get(id)?.bytes ?? 0), 0);

const buildManifest = readJson('build-manifest.json');
const frameworkChunks = new Set(buildManifest.rootMainFiles ?? []);
const routeStats = readJson('diagnostics/route-bundle-stats.json');
for (const path of frameworkChunks) loadChunk(path);
const frameworkIds = new Set([...frameworkChunks].flatMap((path) => chunks.get(path).ids));
const { byRoute, names } = clientManifests();

const wanted = args.all ? routeStats.map((stat) => stat.route) : args.routes.split(',');
const report = [];
for (const route of wanted) {
  const stat = routeStats.find((candidate) => candidate.route === route);
  if (!stat) {
    console.error(`no route ${route} in the build (routes look like /category/[id])`);
    continue;
  }
  const paths = stat.firstLoadChunkPaths.map((path) => path.slice(path.indexOf('static/')));
  const loaded = paths.map((path) => ({ path, ...loadChunk(path) }));
  const framework = loaded.filter((chunk) => frameworkChunks.has(chunk.path) || /turbopack-/.test(chunk.path));
  const own = loaded.filter((chunk) => !framework.includes(chunk));
  const components = [...(byRoute.get(route) ?? new Map()).entries()].filter(([, id]) => modules.has(id) && !frameworkIds.has(id));
  const reach = new Map(components.map(([name, id]) => [name, reachable(id, frameworkIds)]));
  const counts = new Map();
  for (const ids of reach.values()) for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const rows = components
    .map(([name, id]) => {
      const ids = reach.get(name);
      return {
        component: name,
        own: modules.get(id).bytes,
        brings: sum(ids),
        alone: sum([...ids].filter((dep) => counts.get(dep) === 1)),
        imports: [...ids].filter((dep) => dep !== id && names.has(dep)).map((dep) => names.get(dep)),
      };
    })
    .sort((a, b) => b.brings - a.brings || b.own - a.own);
  report.push({
    route,
    firstLoad: { bytes: loaded.reduce((t, c) => t + c.bytes, 0), gzip: loaded.reduce((t, c) => t + c.gzip, 0) },
    framework: { bytes: framework.reduce((t, c) => t + c.bytes, 0), gzip: framework.reduce((t, c) => t + c.gzip, 0) },
    routeJs: { bytes: own.reduce((t, c) => t + c.bytes, 0), gzip: own.reduce((t, c) => t + c.gzip, 0), chunks: own.map((c) => c.path) },
    clientComponents: rows.length,
    heaviest: rows,
  });
}

if (args.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`build ${readFileSync(join(DIST, 'BUILD_ID'), 'utf8').trim()} in ${relative(process.cwd(), DIST) || '.'}; sizes minified (gzip per chunk)`);
  for (const entry of report) {
    console.log(
      `\n${entry.route}: first load ${kb(entry.firstLoad.bytes)} (${kb(entry.firstLoad.gzip)} gz) = framework ${kb(entry.framework.bytes)} (${kb(entry.framework.gzip)} gz) + app ${kb(entry.routeJs.bytes)} (${kb(entry.routeJs.gzip)} gz) in ${entry.routeJs.chunks.length} chunks; ${entry.clientComponents} client components`,
    );
    console.log(`  ${'client component'.padEnd(64)} ${'own'.padStart(9)} ${'brings'.padStart(9)} ${'alone'.padStart(9)}`);
    for (const row of entry.heaviest.slice(0, TOP)) {
      console.log(`  ${row.component.slice(-64).padEnd(64)} ${kb(row.own).padStart(9)} ${kb(row.brings).padStart(9)} ${kb(row.alone).padStart(9)}`);
    }
  }
}
