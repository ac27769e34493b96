/** The words of a bit set holding `slots` slots (32 slots a word). */
export const wordsFor = (slots: number): number => (slots + 31) >>> 5;

/**
 * For each value a slot's fact can take (a range, category, brand, storage, pack type; a collection's bit; the
 * featured flag), the slots holding it as a bit set. A range or a filter is then a few word-wide ORs and ANDs
 * over the store instead of a test per product, and a search visits only the products in its range that pass
 * (or nearly pass) its filters. Kept in step with the store's facts: set when a slot is filled, cleared when
 * it is emptied.
 */
export class SlotSets {
  /** Per fact (FACT's first numbers), per value number, the bit set; every set has `capacity` words. */
  private readonly sets: Uint32Array[][];
  private capacity = 0;

  constructor(private readonly facts: number) {
    this.sets = Array.from({ length: facts }, () => []);
  }

  /** The slots whose fact `fact` is `value` (undefined: none ever had it); at least wordsFor(slot count) words. */
  get(fact: number, value: number): Uint32Array | undefined {
    return this.sets[fact]?.[value];
  }

  /** Sets or clears the slot in the set of each value; `values[fact]` is the slot's value of that fact, -1 for none. */
  mark(slot: number, values: ArrayLike<number>, on: boolean): void {
    if (on && slot >= this.capacity * 32) this.grow(wordsFor(slot + 1));
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let fact = 0; fact < this.facts; fact++) {
      const value = values[fact] ?? -1;
      if (value < 0) continue;
      const bySet = this.sets[fact] as Uint32Array[];
      let set = bySet[value];
      if (set === undefined) {
        if (!on) continue;
        set = new Uint32Array(this.capacity);
        bySet[value] = set;
      }
      set[word] = on ? (set[word] ?? 0) | bit : (set[word] ?? 0) & ~bit;
    }
  }

  /** Forgets every slot (before the store renumbers them). */
  clear(): void {
    for (const bySet of this.sets) bySet.length = 0;
    this.capacity = 0;
  }

  private grow(words: number): void {
    const capacity = Math.max(words, this.capacity * 2, 32);
    for (const bySet of this.sets) {
      bySet.forEach((set, value) => {
        const grown = new Uint32Array(capacity);
        grown.set(set);
        bySet[value] = grown;
      });
    }
    this.capacity = capacity;
  }
}
