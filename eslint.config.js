import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries. Each zone: files in `target` may not import `from`, except what `except` names (relative
 * to `from`). The module order above, folder by folder; and the platform (db, config, errors, http, operations,
 * tracing, time, jobs, outbox, mail, metrics) imports only the platform, so
 * a feature is one new module that registers itself with it, never an edit to it; the back office and the
 * demo data sit on top; the API and the storefront share nothing but HTTP.
 */
/**
 * The module order (docs/architecture.md "Module order"), from the bottom up: a folder of api/src imports only
 * the folders before it, so the folders form a graph that runs one way and has no loop. Type-only imports count:
 * a type shared upward ties two modules as surely as a value does. The platform comes first; then the features,
 * each on the ones it builds on; the back office, the app and the demo data last.
 */
export const API_MODULE_ORDER = [
  // Platform: knows no feature.
  'config', 'db', 'tracing', 'http', 'errors', 'time', 'jobs', 'operations', 'logging', 'audit', 'mail', 'outbox', 'metrics',
  // Features, each on those before it.
  'auth', 'account-tokens', 'accounts', 'users', 'food-info', 'pricing', 'delivery', 'stock', 'catalogue', 'orderguide', 'carts',
  'notifications', 'passwords', 'registrations', 'order-status', 'spending-limits', 'orders', 'credits', 'checkin', 'invoices',
  'approvals', 'credit-control', 'standing-orders', 'cutoff-reminders', 'company', 'reports', 'calls',
  // On top of everything.
  'admin', 'app', 'seed', 'main',
];
/** web/src the same way: lib/ (API client, session, rules) at the bottom; pages, the proxy and the service worker on top. */
export const WEB_MODULE_ORDER = ['lib', 'components', 'sw', 'app', 'proxy', 'instrumentation'];
const moduleTarget = (module) => (['app', 'main'].includes(module) ? `api/src/${module}.ts` : `api/src/${module}`);
const MODULE_ORDER = API_MODULE_ORDER.map((module, rank) => ({
  target: moduleTarget(module),
  from: 'api/src',
  except: [...API_MODULE_ORDER.slice(0, rank + 1).map((below) => (['app', 'main'].includes(below) ? `./${below}.ts` : `./${below}`))],
  message: `api/src/${module} imports only the modules below it in the module order (eslint.config.js, docs/architecture.md "Module order"). What both need moves down, or the lower one offers a registry the higher one registers with.`,
}));
const webTarget = (module) => (['lib', 'components', 'sw', 'app'].includes(module) ? `web/src/${module}` : `web/src/${module}.ts`);
const WEB_ORDER = [
  ...WEB_MODULE_ORDER.filter((module) => module !== 'components').map((module, rank, order) => ({
    target: webTarget(module),
    from: order.slice(rank + 1).map(webTarget),
    message: `web/src/${module} imports only what is below it in the module order (eslint.config.js, docs/architecture.md "Module order").`,
  })),
  {
    // Client components call the server actions of their pages (app/**/*actions.ts), which still use components/.
    target: 'web/src/components',
    from: ['web/src/app/**/!(*actions).{ts,tsx}', 'web/src/sw/**', 'web/src/{proxy,instrumentation}.ts'],
    message: 'web/src/components imports only lib/, and the server actions of the pages (docs/architecture.md "Module order").',
  },
].filter((zone) => zone.from.length > 0);

const PLATFORM = ['./db', './config', './errors', './http', './operations', './tracing', './time', './jobs'];
const platformOnly = (module, allowed, why) => ({
  target: `api/src/${module}`,
  from: 'api/src',
  except: [`./${module}`, ...allowed],
  message: `api/src/${module}/ is platform: it imports only ${allowed.map((path) => path.slice(2)).join(', ') || 'itself'}. ${why}`,
});
const BOUNDARIES = [
  platformOnly('db', [], 'The schema and the database client know no feature.'),
  platformOnly('config', [], 'Configuration is read before anything else exists.'),
  platformOnly('http', PLATFORM.filter((path) => path !== './http'), 'HTTP plumbing serves every module and knows none.'),
  platformOnly('operations', PLATFORM.filter((path) => path !== './operations'), 'Health, limits and logging serve every module and know none.'),
  platformOnly(
    'mail',
    PLATFORM,
    'Mail is a transport (SMTP or the demo mailbox): what a mail says is written by the module that registered its event type, its kinds are registered by the modules that send them, and its unsubscribe tokens are handed in.',
  ),
  platformOnly('time', [], 'London time and the calendar know nothing else.'),
  platformOnly('jobs', ['./db', './tracing'], 'Modules register their jobs with the runner at start-up; it imports none of them.'),
  platformOnly('tracing', [], 'Request and job ids are carried for every module and know none.'),
  platformOnly('outbox', [...PLATFORM, './mail'], 'Modules register their event types and mail templates with the outbox at start-up; it imports none of them.'),
  platformOnly('metrics', [...PLATFORM, './outbox'], 'The metrics read what they report through the sources app.ts hands them; they import no feature.'),
  platformOnly('errors', ['./db', './http'], 'Each module maps its own problems to HTTP answers in its problem-answers.ts; errors/ is the bottom of the graph.'),
  {
    target: ['api/src/*/problems.ts', 'api/src/**/problems.ts'],
    from: 'api/src/http',
    message: 'A module\'s problems are plain values; its problem-answers.ts maps them to HTTP errors.',
  },
  {
    target: ['api/src/!(admin|seed)/**', 'api/src/main.ts'],
    from: 'api/src/admin',
    message: 'The back office builds on the modules, not the reverse: only app.ts (its routes) and seed/ (its imports) use admin/.',
  },
  {
    target: ['api/src/!(seed)/**', 'api/src/app.ts'],
    from: 'api/src/seed',
    message: 'Demo data is not production code: only main.ts loads it, in demo mode; what production needs lives in its module.',
  },
  {
    target: 'web/src/lib',
    from: ['web/src/app', 'web/src/components'],
    message: 'web/src/lib/ (API clients, sessions, rules) is used by pages and components, never the reverse.',
  },
  // Tests may hold the two side by side (api/test/limits-agree.test.ts checks they agree); the code may not.
  ...MODULE_ORDER,
  ...WEB_ORDER,
  { target: 'api/src', from: 'web', message: 'The API and the storefront share nothing but HTTP.' },
  { target: 'web/src', from: 'api', message: 'The API and the storefront share nothing but HTTP.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.next/**', '**/.next-e2e/**', '**/.data/**', 'web/next-env.d.ts', 'api/drizzle/**', 'api/.test-build-*/**', 'api/.e2e-host/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      // Type information lets lint see promises: a floating one is an unhandled failure waiting to happen.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test runs describe/it bodies itself and reports their failures.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  ...['api', 'web'].map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    // Each workspace resolves imports as its own tsconfig does (the storefront's `@/` paths).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${workspace}/tsconfig.json` })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARIES }] },
  })),
  {
    // A cycle makes start-up order matter and a module impossible to understand alone; type-only imports are
    // erased at build time and do not count.
    files: ['api/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly' } },
  },
);
