import { sql, type SQL } from 'drizzle-orm';

/** PostgreSQL's text form of an array of text (`{"a","b",NULL}`). */
export function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * A text[] bound as one parameter, written out as an array literal so both drivers (node-postgres, PGlite)
 * send it the same way: one value for thousands of codes or cells, where the ORM would bind (and walk) one
 * parameter per element.
 */
export const textArray = (values: readonly (string | null)[]): SQL => sql`${arrayLiteral(values)}::text[]`;
