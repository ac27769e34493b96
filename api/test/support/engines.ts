/**
 * For `describe(…, { skip: onlyOnPostgres })`: a race or a second process that PGlite cannot stage, its one
 * connection running one statement at a time, so the test could not fail there. It runs on PostgreSQL
 * (TEST_DATABASE_URL, the `test:api` tier).
 */
export const onlyOnPostgres: string | false = process.env.TEST_DATABASE_URL
  ? false
  : 'runs on PostgreSQL only (TEST_DATABASE_URL): PGlite has one connection, so this race cannot happen there';
