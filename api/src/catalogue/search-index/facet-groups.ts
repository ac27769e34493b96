/**
 * Products with the same facet values (their first `width` facts: range, category, brand, storage, pack type,
 * collections) share a group number. Facet counting then reads one small number per matching product and
 * counts groups, and only the groups that matched are expanded to their values: a search touches a 4-byte
 * entry per product instead of a cache line of its facts, and a catalogue has far fewer groups (thousands)
 * than products.
 */
export class FacetGroups {
  private readonly ids = new Map<string, number>();
  private values = new Int32Array(0);
  private count = 0;

  constructor(private readonly width: number) {}

  get size(): number {
    return this.count;
  }

  /** The group of these values, numbered when first seen (groups are never dropped: they are few). */
  groupOf(values: ArrayLike<number>): number {
    const key = Array.from(values).join(',');
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const group = this.count++;
    if (this.count * this.width > this.values.length) {
      const grown = new Int32Array(Math.max(64, this.count * 2) * this.width);
      grown.set(this.values);
      this.values = grown;
    }
    this.values.set(Array.from(values), group * this.width);
    this.ids.set(key, group);
    return group;
  }

  /** The group's value of fact `fact` (one of the first `width` facts). */
  value(group: number, fact: number): number {
    return this.values[group * this.width + fact] ?? 0;
  }
}
