import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { selectRows } from './sql-rows';

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

interface WordMatch {
  word: string;
  /** Some catalogue word starts with it. */
  known: boolean;
  /** Closest catalogue words by trigram similarity, for a word nothing starts with. */
  similar: string[];
}

/**
 * Looks every word up in the search vocabulary (table search_words: the words of all product documents)
 * in one query: a word some catalogue word starts with is matched by prefix; any other is replaced by
 * its closest catalogue words, so "chedar" searches for cheddar through the same full-text index.
 */
async function matchWords(db: DbOrTx, words: string[]): Promise<WordMatch[]> {
  const rows = await selectRows<{ word: string; known: boolean; similar: string[] }>(
    db,
    sql`select w.word,
          exists (select 1 from search_words s where s.word like w.word || '%') as known,
          array(select s.word from search_words s where s.word % w.word order by s.word <-> w.word, s.word limit ${MAX_CORRECTIONS}) as similar
        from unnest(${sql.param(words)}::text[]) as w(word)`,
  );
  return rows.map((row) => ({ word: row.word, known: row.known, similar: row.similar }));
}

/**
 * The tsquery text for the words: every word must match, as the start of a word of the document
 * ("semi sk" → semi-skimmed) or, when nothing starts with it, as one of its corrections.
 */
export async function searchTsquery(db: DbOrTx, words: string[]): Promise<string | undefined> {
  if (words.length === 0) return undefined;
  const correctable = words.filter((word) => CORRECTABLE.test(word));
  const matches = new Map((correctable.length === 0 ? [] : await matchWords(db, correctable)).map((m) => [m.word, m]));
  return words
    .map((word) => {
      const match = matches.get(word);
      if (match === undefined || match.known || match.similar.length === 0) return `${word}:*`;
      return `(${match.similar.join(' | ')})`;
    })
    .join(' & ');
}

/** The words with each misspelt one replaced by its closest catalogue word. */
export async function correctedWords(db: DbOrTx, words: string[]): Promise<string[]> {
  const correctable = words.filter((word) => CORRECTABLE.test(word));
  const matches = new Map((correctable.length === 0 ? [] : await matchWords(db, correctable)).map((m) => [m.word, m]));
  return words.map((word) => {
    const match = matches.get(word);
    return match === undefined || match.known ? word : (match.similar[0] ?? word);
  });
}

const tsquery = (text: string) => sql`to_tsquery('simple', ${text})`;

export const textCondition = (text: string): SQL => sql`${products.searchDocument} @@ ${tsquery(text)}`;

/** Relevance: full-text rank, where name and brand weigh A, categories B, code and pack C, description D. */
export const textRank = (text: string): SQL => sql`ts_rank(${products.searchDocument}, ${tsquery(text)})`;
