import { compareText } from './text-order';

/**
 * Every product's place in the order of (name, code), as a number per slot, so sorting by name compares
 * numbers. Built by one sort; a product added later is placed between its neighbours (the midpoint of
 * their numbers), and everything is renumbered when two neighbours' numbers leave no room between them.
 */
export class NameOrder {
  /** By slot (a typed array: a plain array written at scattered slots would turn into a slow dictionary). */
  private keys = new Float64Array(1024);
  /** Live slots in name order. */
  private ordered: number[] = [];

  constructor(
    private readonly name: (slot: number) => string,
    private readonly code: (slot: number) => string,
  ) {}

  key(slot: number): number {
    return this.keys[slot] ?? 0;
  }

  private compare(a: number, b: number): number {
    return compareText(this.name(a), this.name(b)) || compareText(this.code(a), this.code(b));
  }

  /** Orders the given slots afresh. */
  build(slots: number[]): void {
    this.ordered = [...slots].sort((a, b) => this.compare(a, b));
    this.renumber();
  }

  insert(slot: number): void {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.ordered[middle] ?? 0, slot) < 0) low = middle + 1;
      else high = middle;
    }
    this.ordered.splice(low, 0, slot);
    const before = low > 0 ? (this.keys[this.ordered[low - 1] ?? 0] ?? 0) : -1;
    const after = low + 1 < this.ordered.length ? (this.keys[this.ordered[low + 1] ?? 0] ?? 0) : before + 2;
    const key = (before + after) / 2;
    if (key <= before || key >= after) this.renumber();
    else this.setKey(slot, key);
  }

  remove(slot: number): void {
    const at = this.ordered.indexOf(slot);
    if (at !== -1) this.ordered.splice(at, 1);
  }

  private renumber(): void {
    this.ordered.forEach((slot, i) => this.setKey(slot, i));
  }

  private setKey(slot: number, key: number): void {
    if (slot >= this.keys.length) {
      const grown = new Float64Array(Math.max(slot + 1, this.keys.length * 2));
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[slot] = key;
  }
}
