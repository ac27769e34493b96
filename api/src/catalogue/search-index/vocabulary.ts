import { compareText } from './text-order';

/**
 * Every lexeme of the indexed documents, numbered in the order first seen. Numbers are never reused, so
 * documents and postings can hold them; the words in byte order (for prefixes) are rebuilt when new ones
 * have arrived since the last lookup.
 */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private sorted: number[] | null = null;

  get size(): number {
    return this.words.length;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    this.sorted = null;
    return id;
  }

  /** The ids of the words starting with `prefix` (PostgreSQL's `word:*`), in byte order of the words. */
  withPrefix(prefix: string): number[] {
    const sorted = this.byteOrder();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareText(this.words[sorted[middle] ?? 0] ?? '', prefix) < 0) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < sorted.length; i++) {
      const id = sorted[i] ?? 0;
      if (!(this.words[id] ?? '').startsWith(prefix)) break;
      found.push(id);
    }
    return found;
  }

  private byteOrder(): number[] {
    if (this.sorted === null) {
      const ids = this.words.map((_, id) => id);
      ids.sort((a, b) => compareText(this.words[a] ?? '', this.words[b] ?? ''));
      this.sorted = ids;
    }
    return this.sorted;
  }
}
