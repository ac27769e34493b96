import { sql } from 'drizzle-orm';
import type { Range } from '../accounts/ship-tos';
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
 * Values (product names, brands, category names) containing the normalised term, ranked: the value
 * starts with it, then one of its words does, then it only contains it; shorter values first.
 * Candidates come from the trigram index on products.search_text and are grouped before any per-value work.
 */
async function valuesContaining(db: DbOrTx, term: string, max: number, range?: Range): Promise<string[]> {
  const rangeFilter = range === undefined ? sql`true` : sql`range = ${range}`;
  const rows = await selectRows<{ value: string }>(
    db,
    sql`
    with t as (select ${term}::text as term),
    hits as (
      select p.name, p.brand from products p, t
      where not p.discontinued and ${rangeFilter} and p.search_text like '%' || t.term || '%'
      group by p.name, p.brand
    ),
    candidates as (
      select name as value from hits
      union select brand from hits
      union select name from categories where parent_id is not null and ${rangeFilter}
    ),
    scored as (select c.value, mv_search_normalize(c.value) as norm, t.term from candidates c, t)
    select value from scored
    where norm like '%' || term || '%'
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
