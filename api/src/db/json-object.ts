import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `json_build_object` of named columns or expressions, keyed by their names in `fields`, so a row nested
 * as JSON (a cart's lines, an order's lines) has exactly the shape the same fields give as columns.
 */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  // The keys are property names written in our code, never input, so they can be literals.
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
