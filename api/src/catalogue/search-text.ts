import { sql, type SQL } from 'drizzle-orm';
import { products } from '../db/schema';

const MAX_WORDS = 8;
/** Shorter words match by prefix only: a trigram comparison of two or three letters finds noise. */
const TYPO_TOLERANT_LENGTH = 4;

/**
 * The words of a free-text search, in the same normal form as products.search_text (lower case, no
 * accents, punctuation as spaces: see mv_search_normalize in migration 0001_search). Only letters and
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

const prefixQuery = (word: string) => sql`to_tsquery('simple', mv_unaccent(${`${word}:*`}))`;

/**
 * Every word must match: as the start of a word of the product's document ("semi sk" → semi-skimmed),
 * or, for longer words, as a close trigram match of its name, brand or categories ("chedar" → cheddar).
 */
export function textCondition(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const perWord = words.map((word) =>
    word.length >= TYPO_TOLERANT_LENGTH
      ? sql`(${products.searchDocument} @@ ${prefixQuery(word)} or mv_unaccent(${word}) <% ${products.searchText})`
      : sql`${products.searchDocument} @@ ${prefixQuery(word)}`,
  );
  return sql.join(perWord, sql` and `);
}

/**
 * Relevance: full-text rank (name and brand weigh A, categories B, code and pack C, description D)
 * plus how closely the whole phrase matches the name, brand and categories, which lifts typo matches.
 */
export function textRank(words: string[]): SQL {
  const anyWord = words.map((word) => `${word}:*`).join(' | ');
  return sql`(ts_rank(${products.searchDocument}, to_tsquery('simple', mv_unaccent(${anyWord}))) + word_similarity(mv_unaccent(${words.join(' ')}), ${products.searchText}))`;
}
