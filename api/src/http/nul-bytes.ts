/**
 * PostgreSQL text cannot hold U+0000: a NUL byte that reaches a query makes the driver fail with a 500.
 * No field of this API has a use for one, so every input is refused with a 400 before it reaches a schema.
 * The scan is also where nesting is bounded: JSON.parse accepts any depth, and a body nested thousands deep
 * would exhaust the stack of whatever walks it next (docs/security.md).
 */
const NUL = '\u0000';

/** Far deeper than any request of this API (bulk lines are 4 levels), far shallower than the stack. */
export const MAX_INPUT_DEPTH = 32;

/** What makes an input unfit for any schema, with the path (`product.code`, `lines.2`) where it was found. */
export type InputFlaw = { kind: 'nulByte'; path: string } | { kind: 'tooDeep'; path: string };

interface Pending {
  value: unknown;
  path: string[];
  /** The last key of the path holds a NUL. */
  nulInKey: boolean;
}

/**
 * The first NUL byte in a string or key (unless `nulBytes` is 'allowed'), or the first value nested deeper
 * than MAX_INPUT_DEPTH, depth first, without recursion.
 */
export function inputFlaw(value: unknown, nulBytes: 'refused' | 'allowed' = 'refused'): InputFlaw | undefined {
  const refuseNul = nulBytes === 'refused';
  const pending: Pending[] = [{ value, path: [], nulInKey: false }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (refuseNul && next.nulInKey) return { kind: 'nulByte', path: path.join('.') };
    if (typeof current === 'string') {
      if (refuseNul && current.includes(NUL)) return { kind: 'nulByte', path: path.join('.') };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { kind: 'tooDeep', path: path.join('.') };
    // Last entry first onto the stack, so the first key is looked at first, as a reader would.
    for (const [key, item] of Object.entries(current).reverse()) {
      pending.push({ value: item, path: [...path, key], nulInKey: key.includes(NUL) });
    }
  }
  return undefined;
}
