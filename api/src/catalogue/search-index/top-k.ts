/**
 * The first `k` of the numbers 0..n-1 in the order `compare` gives, in that order. When the order starts
 * with a number (`primary[i]`, smaller first: a negated rank, a price), the k-th smallest of those is found
 * by sorting them as numbers, and only what can still make the page (better than it, or tied with it) goes
 * on to the full comparison. The rest of the way, a bounded heap whose root is the worst kept so far.
 */
export function topK(
  n: number,
  k: number,
  compare: (a: number, b: number) => number,
  primary?: Float64Array,
  scratch?: Float64Array,
): number[] {
  const size = Math.min(n, k);
  if (size <= 0) return [];
  let candidates: ArrayLike<number> | undefined;
  if (primary !== undefined && n > 4 * size) {
    const copy = scratch !== undefined && scratch.length >= n ? scratch.subarray(0, n) : new Float64Array(n);
    copy.set(primary.subarray(0, n));
    const threshold = nthSmallest(copy, size - 1);
    const kept: number[] = [];
    for (let i = 0; i < n; i++) if ((primary[i] ?? 0) <= threshold) kept.push(i);
    candidates = kept;
  }
  return boundedHeap(candidates, n, size, compare);
}

function boundedHeap(candidates: ArrayLike<number> | undefined, n: number, size: number, compare: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i] ?? 0, heap[j] ?? 0) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i] ?? 0;
    heap[i] = heap[j] ?? 0;
    heap[j] = t;
  };
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && worse(left, largest)) largest = left;
      if (right < heap.length && worse(right, largest)) largest = right;
      if (largest === i) return;
      swap(i, largest);
      i = largest;
    }
  };
  const count = candidates === undefined ? n : candidates.length;
  for (let c = 0; c < count; c++) {
    const item = candidates === undefined ? c : (candidates[c] ?? 0);
    if (heap.length < size) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(item, heap[0] ?? 0) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}

/** The value that would sit at `nth` if `values` were sorted (Hoare's quickselect; reorders `values`). */
function nthSmallest(values: Float64Array, nth: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] ?? 0;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i++;
      while ((values[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const t = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (nth <= j) high = j;
    else if (nth >= i) low = i;
    else return values[nth] ?? 0;
  }
  return values[nth] ?? 0;
}
