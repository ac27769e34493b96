import { sql } from 'drizzle-orm';
import { RANGES, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { correctedTerm, searchWords } from './search-text';
import { selectRows } from './sql-rows';

/** Spec §5/§9: suggestions only for a trimmed term longer than 3 characters. */
export const SUGGESTION_MIN_LENGTH = 4;

export interface SuggestionRequest {
  term: string;
  max: number;
  range?: Range;
}

/**
 * Completions from product names, brands (table search_phrases, kept by trigger) and category names
 * containing the normalised term, each still held by a sellable product of the range (of either range
 * when none is named), best first, in one statement. Ranked: the value starts with the term, then one of
 * its words does, then it only contains it; shorter values first. When the term as typed finds too few,
 * the values found for it with its misspelt words replaced by their closest catalogue words ("chedar" →
 * cheddar) follow.
 */
export async function suggest(db: DbOrTx, request: SuggestionRequest): Promise<{ value: string }[]> {
  if (request.term.trim().length < SUGGESTION_MIN_LENGTH) return [];
  const words = searchWords(request.term);
  if (words.length === 0) return [];
  // One parameter per range rather than an array, for the same reason as the VALUES rows of wordMatches.
  const ranges = sql.join((request.range === undefined ? RANGES : [request.range]).map((range) => sql`${range}`), sql`, `);
  const rows = await selectRows<{ value: string }>(
    db,
    sql`
    with typed as (select ${words.join(' ')}::text as term),
    corrected as materialized (select ${correctedTerm(words)} as term),
    terms as (
      select 0 as pass, term from typed
      union all
      select 1, corrected.term from corrected, typed where corrected.term <> typed.term
    ),
    candidates as (
      select t.pass, t.term, p.phrase as value, p.norm from terms t join search_phrases p on p.norm like '%' || t.term || '%'
      where (p.kind = 'name' and exists (
          select 1 from products x where x.range in (${ranges}) and not x.discontinued and x.name = p.phrase))
        or (p.kind = 'brand' and exists (
          select 1 from products x where x.range in (${ranges}) and not x.discontinued and x.brand = p.phrase))
      union all
      select t.pass, t.term, c.name, c.norm
      from terms t, (select name, mv_search_normalize(name) as norm from categories
                     where parent_id is not null and range in (${ranges})) c
      where c.norm like '%' || t.term || '%'
    ),
    best as (select distinct on (value) pass, term, value, norm from candidates order by value, pass)
    select value from best
    order by pass, (norm like term || '%') desc, ((' ' || norm) like '% ' || term || '%') desc, length(value), value
    limit ${request.max}`,
  );
  return rows.map((row) => ({ value: row.value }));
}
