// The folder import graph of api/src and web/src: which top-level folder imports which, the loops among them, and
// the imports that run up the module order written in eslint.config.js (docs/architecture.md, "Module order").
// Type-only imports count: a type shared upward ties two modules as surely as a value does.
//   node scripts/module-graph.mjs            the summary
//   node scripts/module-graph.mjs --edges    every folder → folder arrow with its number of imports
//   node scripts/module-graph.mjs DIR        another checkout (`git worktree add DIR <commit>`), against today's order
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_MODULE_ORDER, WEB_MODULE_ORDER } from '../eslint.config.js';

const root = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const IMPORT = /(?:^|[^.\w])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(specifier, file, src, alias) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(file), specifier);
  else if (alias && specifier.startsWith(alias)) base = join(src, specifier.slice(alias.length));
  else return undefined;
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** The module a file belongs to: its top-level folder under src, or the file itself for one at the top. */
const moduleOf = (src, file) => relative(src, file).split('/')[0].replace(/\.(ts|tsx)$/, '');

function folderGraph(src, alias) {
  const edges = new Map();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(match[1] ?? match[2], file, src, alias);
      if (!target || !target.startsWith(src)) continue;
      const [from, to] = [moduleOf(src, file), moduleOf(src, target)];
      if (from === to) continue;
      const key = `${from} → ${to}`;
      const edge = edges.get(key) ?? { from, to, imports: [] };
      edge.imports.push(`${relative(root, file)} → ${relative(root, target)}`);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

/** Strongly connected components of more than one folder (Tarjan): the loops. */
function loops(edges) {
  const next = new Map();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
  const visit = (node) => {
    index.set(node, index.size); low.set(node, index.get(node)); stack.push(node); onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) { visit(to); low.set(node, Math.min(low.get(node), low.get(to))); }
      else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do { member = stack.pop(); onStack.delete(member); component.push(member); } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

function report(name, src, alias, order) {
  const edges = folderGraph(src, alias);
  const rank = (folder) => order.indexOf(folder);
  const upward = edges.filter(({ from, to }) => rank(to) === -1 || rank(from) === -1 || rank(to) > rank(from));
  const imports = edges.reduce((sum, edge) => sum + edge.imports.length, 0);
  console.log(`${name}: ${new Set(edges.flatMap(({ from, to }) => [from, to])).size} folders, ${edges.length} folder → folder arrows (${imports} imports)`);
  const found = loops(edges);
  console.log(`  loops: ${found.length}${found.map((component) => `\n    ${component.join(', ')}`).join('')}`);
  console.log(`  arrows running up the module order: ${upward.length} (${upward.reduce((sum, edge) => sum + edge.imports.length, 0)} imports)`);
  for (const edge of upward) console.log(`    ${edge.from} → ${edge.to}: ${edge.imports.join('; ')}`);
  if (process.argv.includes('--edges')) for (const edge of edges) console.log(`    ${edge.from} → ${edge.to} ${edge.imports.length}`);
}

report('api/src', join(root, 'api/src'), undefined, API_MODULE_ORDER);
report('web/src', join(root, 'web/src'), '@/', WEB_MODULE_ORDER);
