import { positionOf, weightOf, type SearchDocument } from './search-document';

/**
 * PostgreSQL's ts_rank(document, query) with its default weights and normalisation, step for step as
 * tsrank.c computes it (calc_rank, calc_rank_and, calc_rank_or), in single precision where it uses float
 * and double where it uses double, so the ranks, and therefore the order of results, are the numbers
 * PostgreSQL gives. The comparison test (catalogue-index-equivalence) holds the two to it.
 *
 * For a query whose top operator is not AND, calc_rank_or adds one term per matching lexeme of the
 * document, in the query's word order and then the lexemes' byte order, and divides by the number of
 * distinct words. Each term depends on that lexeme's positions alone, so the index works it out once per
 * lexeme and product (orTerm) and keeps it with the postings: ranking is then one addition per match.
 */

const f = Math.fround;
/** D, C, B, A, indexed by the weight bits. */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
const MAX_ENTRY_POSITION = 1 << 14;
/** calc_rank_and's stand-in position for a lexeme stored without positions (weight D). */
const NO_POSITIONS_AND = MAX_ENTRY_POSITION - 1;

const weight = (packed: number): number => WEIGHTS[weightOf(packed)] ?? 0;

/** word_distance: the weight of two words `distance` apart (1..100 worked out once; further apart, 1e-30). */
const WORD_DISTANCES = Array.from({ length: 101 }, (_, distance) => f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2))));
const wordDistance = (distance: number): number => (distance > 100 ? f(1e-30) : (WORD_DISTANCES[distance] ?? 0));

/**
 * calc_rank_and's weight of a pair of positions, by their two weights and distance (101 standing for any
 * distance past 100): the same float operations, worked out once, since a document pair needs only these.
 */
const PAIR_DISTANCES = 102;
const PAIR_WEIGHTS = Float64Array.from({ length: 16 * PAIR_DISTANCES }, (_, i) => {
  const distance = i % PAIR_DISTANCES;
  const pair = (i - distance) / PAIR_DISTANCES;
  return f(Math.sqrt(f(f((WEIGHTS[pair >>> 2] ?? 0) * (WEIGHTS[pair & 3] ?? 0)) * wordDistance(distance))));
});
const pairWeight = (here: number, there: number, distance: number): number =>
  PAIR_WEIGHTS[(((weightOf(here) << 2) | weightOf(there)) * PAIR_DISTANCES) + Math.min(distance, PAIR_DISTANCES - 1)] ?? 0;

/**
 * calc_rank_or's term for one lexeme of a document, given its packed positions (none: PostgreSQL's
 * stand-in, one position of weight D). A double, as C adds it to the float total.
 */
export function orTerm(positions: ArrayLike<number>): number {
  const list = positions.length === 0 ? [0] : positions;
  let sum = 0;
  let heaviest = -1;
  let heaviestAt = 0;
  for (let j = 0; j < list.length; j++) {
    const w = weight(list[j] ?? 0);
    sum = f(sum + f(w / ((j + 1) * (j + 1))));
    if (w > heaviest) {
      heaviest = w;
      heaviestAt = j;
    }
  }
  return f(f(heaviest + sum) - f(heaviest / ((heaviestAt + 1) * (heaviestAt + 1)))) / 1.64493406685;
}

/** calc_rank_or's result from its running float total, as calc_rank finishes it. */
export const orRank = (total: number, itemCount: number): number => (itemCount === 0 ? 0 : f(total / itemCount));

/** Reused between calls: the entries of the current document that match some word. */
const matchedStart: number[] = [];
const matchedMask: number[] = [];
/** Words of a query number at most 32 (one bit each in a mask). */
const lastSeen = new Int32Array(32);

/**
 * ts_rank of a document for a query whose top operator is AND with two or more distinct words:
 * calc_rank_and, which weighs every pair of positions of different words by their distance. `masks[lexeme]`
 * has bit i set when the lexeme matches word i (words in byte order, as SortAndUniqItems sorts them).
 */
export function andRank(document: Uint16Array, start: SearchDocument, masks: Int32Array, itemCount: number): number {
  // The document's matching entries, in its order: where their position count sits, and which words they match.
  let matched = 0;
  let at = start + 1;
  const entries = document[start] ?? 0;
  for (let entry = 0; entry < entries; entry++) {
    const lexeme = ((document[at] ?? 0) << 16) | (document[at + 1] ?? 0);
    const count = document[at + 2] ?? 0;
    const mask = masks[lexeme] ?? 0;
    if (mask !== 0) {
      matchedStart[matched] = at + 2;
      matchedMask[matched] = mask;
      matched++;
    }
    at += 3 + count;
  }
  // For each word, the last of its entries seen so far (calc_rank_and's pos[i]), as an index into the matches.
  const seen = lastSeen;
  seen.fill(-1, 0, itemCount);
  let result = -1;
  for (let item = 0; item < itemCount; item++) {
    const bit = 1 << item;
    for (let m = 0; m < matched; m++) {
      if (((matchedMask[m] ?? 0) & bit) === 0) continue;
      seen[item] = m;
      const hereAt = matchedStart[m] ?? 0;
      const hereCount = document[hereAt] ?? 0;
      for (let other = 0; other < item; other++) {
        const o = seen[other] ?? -1;
        if (o === -1) continue;
        const thereAt = matchedStart[o] ?? 0;
        const thereCount = document[thereAt] ?? 0;
        for (let l = 0; l < Math.max(1, hereCount); l++) {
          const here = hereCount === 0 ? NO_POSITIONS_AND : (document[hereAt + 1 + l] ?? 0);
          for (let p = 0; p < Math.max(1, thereCount); p++) {
            const there = thereCount === 0 ? NO_POSITIONS_AND : (document[thereAt + 1 + p] ?? 0);
            let distance = Math.abs(positionOf(here) - positionOf(there));
            if (distance !== 0 || hereCount === 0 || thereCount === 0) {
              if (distance === 0) distance = MAX_ENTRY_POSITION;
              const w = pairWeight(here, there, distance);
              result = result < 0 ? w : f(1.0 - (1.0 - result) * (1.0 - w));
            }
          }
        }
      }
    }
  }
  return result < 0 ? f(1e-20) : result;
}
