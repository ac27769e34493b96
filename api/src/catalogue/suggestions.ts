import { sql } from 'drizzle-orm';
import type { Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { selectRows } from './sql-rows';

/** Spec §5/§9: suggestions only for a trimmed term longer than 3 characters. */
export const SUGGESTION_MIN_LENGTH = 4;

export interface SuggestionRequest {
  term: string;
  max: number;
  range?: Range;
}

/**
 * Completions from product names, brands and category names. Candidates come from the trigram index
 * on products.search_text (a substring, or a close match for a typo), grouped before any per-value
 * work; ranked: whole value starts with the term, then a word starts with it, then contains it, then
 * typo matches by similarity; shorter values first.
 */
export async function suggest(db: DbOrTx, request: SuggestionRequest): Promise<{ value: string }[]> {
  const term = request.term.trim();
  if (term.length < SUGGESTION_MIN_LENGTH) return [];
  const rangeFilter = request.range === undefined ? sql`true` : sql`range = ${request.range}`;
  const rows = await selectRows<{ value: string }>(
    db,
    sql`
    with t as (select mv_search_normalize(${term}) as term),
    hits as (
      select p.name, p.brand from products p, t
      where not p.discontinued and ${rangeFilter}
        and (p.search_text like '%' || t.term || '%' or t.term <% p.search_text)
      group by p.name, p.brand
    ),
    candidates as (
      select name as value from hits
      union select brand from hits
      union select name from categories where parent_id is not null and ${rangeFilter}
    ),
    scored as (
      select c.value, mv_search_normalize(c.value) as norm, t.term from candidates c, t
    )
    select value from scored
    where norm like '%' || term || '%' or term <% norm
    order by
      (norm like term || '%') desc,
      ((' ' || norm) like '% ' || term || '%') desc,
      (norm like '%' || term || '%') desc,
      word_similarity(term, norm) desc,
      length(value), value
    limit ${request.max}`,
  );
  return rows.map((row) => ({ value: row.value }));
}
