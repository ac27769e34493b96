import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries. Each zone: files in `target` may not import `from`, except what `except` names (relative
 * to `from`). The platform (db, config, errors, http, operations, tracing, outbox, mail, metrics) imports only the platform, so
 * a feature is one new module that registers itself with it, never an edit to it; the back office and the
 * demo data sit on top; the API and the storefront share nothing but HTTP.
 */
export const API_MODULE_ORDER = [];
export const WEB_MODULE_ORDER = [];
const PLATFORM = ['./db', './config', './errors', './http', './operations', './tracing'];
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
    [...PLATFORM, './account-tokens'],
    'Mail is a transport (SMTP or the demo mailbox): what a mail says is written by the module that registered its event type; it issues only the unsubscribe tokens of the mails it sends.',
  ),
  platformOnly('tracing', [], 'Request and job ids are carried for every module and know none.'),
  platformOnly('outbox', [...PLATFORM, './mail'], 'Modules register their event types and mail templates with the outbox at start-up; it imports none of them.'),
  platformOnly('metrics', [...PLATFORM, './outbox'], 'The metrics read what they report through the sources app.ts hands them; they import no feature.'),
  {
    // errors/catalogue/ maps each module's problems to HTTP errors, so it alone may import the modules' problems.
    target: 'api/src/errors/*.ts',
    from: 'api/src',
    except: PLATFORM,
    message: 'api/src/errors/ (outside catalogue/) is platform: it imports only db, config, http, operations, tracing.',
  },
  {
    target: ['api/src/*/problems.ts', 'api/src/**/problems.ts'],
    from: 'api/src/http',
    message: 'A module\'s problems are plain values; errors/catalogue/ maps them to HTTP errors.',
  },
  {
    target: ['api/src/!(admin|seed|errors)/**', 'api/src/main.ts'],
    from: 'api/src/admin',
    message: 'The back office builds on the modules, not the reverse: only app.ts (its routes), seed/ (its imports) and errors/catalogue/ (its problems) use admin/.',
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
  { target: 'api/src', from: 'web', message: 'The API and the storefront share nothing but HTTP.' },
  { target: 'web/src', from: 'api', message: 'The API and the storefront share nothing but HTTP.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.next/**', '**/.next-e2e/**', '**/.data/**', 'web/next-env.d.ts', 'api/drizzle/**', 'api/.test-build-*/**'] },
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
