import { sql } from 'drizzle-orm';
import { RANGES, type Range } from '../accounts/ship-tos';
import type { DbOrTx } from '../db/client';
import { correctedTerm, searchWords } from './search-text';
import { selectRows } from './sql-rows';

/** docs/storefront-requirements.md §5/§9: suggestions only for a trimmed term longer than 3 characters. */
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
      select t.pass, t.term, p.kind, p.phrase as value, p.norm from terms t join search_phrases p on p.norm like '%' || t.term || '%'
      union all
      select t.pass, t.term, 'category', c.name, c.norm
      from terms t, (select name, mv_search_normalize(name) as norm from categories
                     where parent_id is not null and range in (${ranges})) c
      where c.norm like '%' || t.term || '%'
    ),
    best as (
      select value, min(norm) as norm, min(pass) as pass, (array_agg(term order by pass))[1] as term,
        bool_or(kind = 'name') as named, bool_or(kind = 'brand') as branded, bool_or(kind = 'category') as category
      from candidates group by value
    ),
    ranked as (
      select value, pass, (norm like term || '%') as starts, ((' ' || norm) like '% ' || term || '%') as word_starts,
        named, branded, category
      from best
    )
    -- Best first, then checked that a sellable product of the range still carries the name or brand,
    -- stopping at max: OFFSET 0 keeps the check above the sort, so a broad term ("organ": 254 phrases at
    -- 100 000 products) probes the products index a few times instead of once per phrase.
    select value from (
      select value, pass, starts, word_starts from (
        select * from ranked order by pass, starts desc, word_starts desc, length(value), value offset 0
      ) as ordered
      where category
        or (named and exists (select 1 from products x where x.range in (${ranges}) and not x.discontinued and x.name = ordered.value))
        or (branded and exists (select 1 from products x where x.range in (${ranges}) and not x.discontinued and x.brand = ordered.value))
      limit ${request.max}
    ) as found
    order by pass, starts desc, word_starts desc, length(value), value`,
  );
  return rows.map((row) => ({ value: row.value }));
}
