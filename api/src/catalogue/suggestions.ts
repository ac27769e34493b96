import { sql } from 'drizzle-orm';
import { RANGES, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { correctedWords, searchWords } from './search-text';
import { selectRows } from './sql-rows';

/** Spec §5/§9: suggestions only for a trimmed term longer than 3 characters. */
export const SUGGESTION_MIN_LENGTH = 4;

export interface SuggestionRequest {
  term: string;
  max: number;
  range?: Range;
}

/**
 * Product names and brands (table search_phrases, kept by trigger) and category names containing the
 * normalised term, each still held by a sellable product of the range(s). Ranked: the value starts with
 * the term, then one of its words does, then it only contains it; shorter values first.
 */
async function valuesContaining(db: DbOrTx, term: string, max: number, range?: Range): Promise<string[]> {
  const ranges = range === undefined ? [...RANGES] : [range];
  const rows = await selectRows<{ value: string }>(
    db,
    sql`
    with t as (select ${term}::text as term),
    candidates as (
      select p.phrase as value, p.norm from search_phrases p, t
      where p.norm like '%' || t.term || '%'
        and (
          (p.kind = 'name' and exists (
            select 1 from products x where x.range = any(${sql.param(ranges)}::text[]) and not x.discontinued and x.name = p.phrase))
          or (p.kind = 'brand' and exists (
            select 1 from products x where x.range = any(${sql.param(ranges)}::text[]) and not x.discontinued and x.brand = p.phrase))
        )
      union
      select c.name, mv_search_normalize(c.name) from categories c, t
      where c.parent_id is not null and c.range = any(${sql.param(ranges)}::text[]) and mv_search_normalize(c.name) like '%' || t.term || '%'
    )
    select value from candidates, t
    order by (norm like term || '%') desc, ((' ' || norm) like '% ' || term || '%') desc, length(value), value
    limit ${max}`,
  );
  return rows.map((row) => row.value);
}

/**
 * Completions from product names, brands and category names, best first. When the term as typed finds
 * too few, its misspelt words are replaced by their closest catalogue words ("chedar" → cheddar).
 */
export async function suggest(db: DbOrTx, request: SuggestionRequest): Promise<{ value: string }[]> {
  if (request.term.trim().length < SUGGESTION_MIN_LENGTH) return [];
  const words = searchWords(request.term);
  if (words.length === 0) return [];
  const found = await valuesContaining(db, words.join(' '), request.max, request.range);
  if (found.length < request.max) {
    const corrected = await correctedWords(db, words);
    if (corrected.join(' ') !== words.join(' ')) {
      const more = await valuesContaining(db, corrected.join(' '), request.max, request.range);
      for (const value of more) if (found.length < request.max && !found.includes(value)) found.push(value);
    }
  }
  return found.map((value) => ({ value }));
}
