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

/**
 * The same fields as a JSON array, in the order of `fields`: for a list of many rows nested in one (a cart's
 * fifty lines), where the keys `jsonObject` repeats in every row are most of the text the database builds and
 * the API parses. `fromJsonArrays` with the same `fields` gives back the objects `jsonObject` would.
 */
export function jsonArray(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_array(${sql.join(Object.values(fields), sql`, `)})`;
}

/** Rows built by `jsonArray(fields)` as objects keyed by the names in `fields`. */
export function fromJsonArrays<T>(fields: { [K in keyof T]: SQLWrapper }, rows: unknown[][]): T[] {
  const keys = Object.keys(fields);
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    keys.forEach((key, index) => {
      row[key] = values[index];
    });
    return row as T;
  });
}
