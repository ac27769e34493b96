import type { Vocabulary } from './vocabulary';

/**
 * A product's search document (its tsvector) as the index keeps it, in a shared Uint16Array (DocumentPool)
 * from its start, read front to back: the number of lexemes, then for each lexeme in the tsvector's own (bytewise) order its vocabulary id
 * (high and low 16 bits), its number of positions and the positions, each packed as PostgreSQL packs them
 * (weight in bits 14-15: D 0, C 1, B 2, A 3; position in bits 0-13). A lexeme without positions has none.
 */
export type SearchDocument = number;

const WEIGHT_BITS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

export const positionOf = (packed: number): number => packed & 0x3fff;
export const weightOf = (packed: number): number => packed >>> 14;

export interface ParsedEntry {
  lexeme: number;
  positions: number[];
}

/**
 * Reads a tsvector's text form (`'cheddar':3A,9 'mild':2A`), adding its lexemes to the vocabulary. Quotes
 * inside a lexeme are doubled and backslashes escape, as tsvectorout writes them.
 */
export function parseSearchDocument(text: string, vocabulary: Vocabulary): ParsedEntry[] {
  const entries: ParsedEntry[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`unexpected '${text[i] ?? ''}' at ${i} in a tsvector`);
    // Lexemes are plain words almost always: one slice; a quote or backslash inside takes the slow way.
    const close = text.indexOf("'", i + 1);
    let word: string;
    if (close !== -1 && text[close + 1] !== "'" && !text.slice(i + 1, close).includes('\\')) {
      word = text.slice(i + 1, close);
      i = close + 1;
    } else {
      word = '';
      i++;
      for (;;) {
        const c = text[i];
        if (c === undefined) throw new Error('unterminated lexeme in a tsvector');
        if (c === '\\') {
          word += text[i + 1] ?? '';
          i += 2;
        } else if (c === "'" && text[i + 1] === "'") {
          word += "'";
          i += 2;
        } else if (c === "'") {
          i++;
          break;
        } else {
          word += c;
          i++;
        }
      }
    }
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let position = 0;
        for (let code = text.charCodeAt(i); code >= 48 && code <= 57; code = text.charCodeAt(++i)) position = position * 10 + (code - 48);
        const weight = WEIGHT_BITS[text[i] ?? ''];
        if (weight !== undefined) i++;
        positions.push(((weight ?? 0) << 14) | (position & 0x3fff));
        if (text[i] !== ',') break;
        i++;
      }
    }
    entries.push({ lexeme: vocabulary.add(word), positions });
  }
  return entries;
}

/**
 * Every document of the index in one array (one allocation, not one per product), each found by where it
 * starts. Grows by doubling; emptied documents stay until the store compacts into a new pool.
 */
export class DocumentPool {
  data = new Uint16Array(1 << 16);
  private used = 0;

  /** Appends the document; returns where it starts. */
  append(entries: ParsedEntry[]): SearchDocument {
    const size = 1 + entries.reduce((sum, entry) => sum + 3 + entry.positions.length, 0);
    if (this.used + size > this.data.length) {
      const grown = new Uint16Array(Math.max(this.data.length * 2, this.used + size));
      grown.set(this.data.subarray(0, this.used));
      this.data = grown;
    }
    const start = this.used;
    const data = this.data;
    data[start] = entries.length;
    let at = start + 1;
    for (const { lexeme, positions } of entries) {
      data[at++] = lexeme >>> 16;
      data[at++] = lexeme & 0xffff;
      data[at++] = positions.length;
      for (const packed of positions) data[at++] = packed;
    }
    this.used = at;
    return start;
  }

  /** Copies a document of another pool in. */
  copy(from: DocumentPool, start: SearchDocument): SearchDocument {
    return this.append(from.entries(start));
  }

  entries(start: SearchDocument): ParsedEntry[] {
    const data = this.data;
    const entries: ParsedEntry[] = [];
    let at = start + 1;
    for (let entry = 0; entry < (data[start] ?? 0); entry++) {
      const count = data[at + 2] ?? 0;
      entries.push({ lexeme: ((data[at] ?? 0) << 16) | (data[at + 1] ?? 0), positions: [...data.subarray(at + 3, at + 3 + count)] });
      at += 3 + count;
    }
    return entries;
  }
}
