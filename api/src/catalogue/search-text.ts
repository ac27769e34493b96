import { sql, type SQL } from 'drizzle-orm';
import { products } from '../db/schema';
import { P } from './sql-names';

const MAX_WORDS = 8;
/** Shorter words, and words with digits (codes, pack sizes), match by prefix only: correcting them finds noise. */
const CORRECTABLE = /^[^\d]{4,}$/u;
const MAX_CORRECTIONS = 3;

/**
 * The words of a free-text search, in the same normal form as the product documents (lower case, no
 * accents, punctuation as spaces: mv_search_normalize in migration 0001_search). Only letters and
 * digits survive, so a word can be placed inside a tsquery string without escaping.
 */
export function searchWords(freeText: string): string[] {
  return freeText
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/** Characters that are punctuation to the words above but that people type to mean themselves ("1%", "semi_skimmed"). */
const LITERAL_CHARACTERS = /[%_]/u;

/**
 * The typed words holding % or _, each to be found as typed (case and accents aside) in a product's name,
 * brand, code, pack or description. The words above drop them as punctuation, which made "%" a search
 * without words, that is every product, and "m%k" a search for "m" and "k": LIKE's wildcards in effect.
 * Surrounding punctuation ("(1%)") is not part of the word.
 */
export function searchLiterals(freeText: string): string[] {
  return freeText
    .split(/\s+/u)
    // Control characters (NUL above all, which PostgreSQL text cannot hold) are never part of product text.
    .map((word) => word.replace(/\p{Cc}/gu, '').replace(/^[^\p{L}\p{N}%_]+|[^\p{L}\p{N}%_]+$/gu, ''))
    .filter((word) => LITERAL_CHARACTERS.test(word))
    .slice(0, MAX_WORDS);
}

/** The product's own text holds the literal: a plain substring test (strpos), so nothing in it is a wildcard. */
export const literalCondition = (literal: string): SQL =>
  sql`strpos(lower(mv_unaccent(concat_ws(' ', ${products.name}, ${products.brand}, ${products.code}, ${products.packSize}, ${products.packType}, ${products.description}))), lower(mv_unaccent(${literal}))) > 0`;

/**
 * The words as rows (word, correctable, n), and for each the closest catalogue words by trigram
 * similarity when it is correctable and no word of the vocabulary (table search_words: the words of all
 * product documents) starts with it. Evaluated inside the statement that uses it, so correcting a typo
 * ("chedar" → cheddar) costs no round trip; the vocabulary is read only for words that need it.
 */
function wordMatches(words: string[], corrections: number): SQL {
  // A VALUES row per word rather than unnest(array): the planner then knows how many words there are,
  // so a prepared statement's generic plan costs what a custom one does and gets reused instead of
  // every execution being planned afresh.
  const rows = sql.join(
    words.map((word, n) => sql`(${word}::text, ${CORRECTABLE.test(word)}::boolean, ${n}::int)`),
    sql`, `,
  );
  // The first vocabulary word at or after the word in byte order starts with it exactly when any does:
  // one probe of search_words_prefix_idx. CASE tries its branches in order, so the trigram search runs
  // only for a correctable word that nothing starts with.
  return sql`(select w.word, w.n, case
        when not w.correctable then null
        when starts_with((select s.word from search_words s where s.word ~>=~ w.word order by s.word using ~<~ limit 1), w.word) then null
        else array(select s.word from search_words s where s.word % w.word order by s.word <-> w.word, s.word limit ${corrections})
      end as similar
    from (values ${rows}) as w(word, correctable, n))`;
}

/**
 * The tsquery of the words, as an SQL expression: every word must match, as the start of a word of the
 * document ("semi sk" → semi-skimmed) or, when nothing starts with it, as one of its corrections. Null
 * when there are no words.
 */
export function searchTsquery(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return sql`(select to_tsquery('simple', string_agg(
      coalesce('(' || nullif(array_to_string(m.similar, ' | '), '') || ')', m.word || ':*'), ' & ' order by m.n))
    from ${wordMatches(words, MAX_CORRECTIONS)} as m)`;
}

/** The words joined by spaces, each misspelt one replaced by its closest catalogue word, as an SQL expression. */
export function correctedTerm(words: string[]): SQL {
  return sql`(select string_agg(coalesce(m.similar[1], m.word), ' ' order by m.n) from ${wordMatches(words, 1)} as m)`;
}

/** `query` is a column or expression holding the tsquery. */
export const textCondition = (query: SQL): SQL => sql`${P.searchDocument} @@ ${query}`;

/** Relevance: full-text rank, where name and brand weigh A, categories B, code and pack C, description D. */
export const textRank = (query: SQL): SQL => sql`ts_rank(${P.searchDocument}, ${query})`;
