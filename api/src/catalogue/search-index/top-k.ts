/**
 * The first `k` of the numbers 0..n-1 ordered by `primary[i]`, then `secondary(i)` (smaller first; the
 * secondary numbers are distinct, as name order keys are), in that order. The k-th smallest primary is found
 * by selection; everything better is on the page, and of the ones tied with it (a common rank, a common
 * price) those with the smallest secondary numbers fill the rest, found by selection again: linear in n,
 * with only the page sorted, and `secondary` asked only of the tied ones and the page. `scratch` holds at
 * least n numbers and is overwritten.
 */
export function topK(n: number, k: number, primary: Float64Array, secondary: (i: number) => number, scratch: Float64Array): number[] {
  const size = Math.min(n, k);
  if (size <= 0) return [];
  const values = scratch.subarray(0, n);
  values.set(primary.subarray(0, n));
  const threshold = nthSmallest(values, size - 1);
  const page: number[] = [];
  const tied: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = primary[i] ?? 0;
    if (p < threshold) page.push(i);
    else if (p === threshold) tied.push(i);
  }
  const wanted = size - page.length;
  if (tied.length <= wanted) {
    page.push(...tied);
  } else {
    const tiedSecondary = scratch.subarray(0, tied.length);
    tied.forEach((i, j) => {
      tiedSecondary[j] = secondary(i);
    });
    const cut = nthSmallest(tiedSecondary, wanted - 1);
    for (const i of tied) if (secondary(i) <= cut) page.push(i);
  }
  page.sort((a, b) => (primary[a] ?? 0) - (primary[b] ?? 0) || secondary(a) - secondary(b));
  return page.slice(0, size);
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
