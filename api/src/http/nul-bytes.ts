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
  /** Where the value sits: its key and the entry it sits in; the path is spelled out only for a flaw. */
  key: string;
  parent: Pending | undefined;
  depth: number;
}

function pathOf(entry: Pending): string {
  const keys: string[] = [];
  for (let at: Pending | undefined = entry; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The first NUL byte in a string or key (unless `nulBytes` is 'allowed'), or the first value nested deeper
 * than MAX_INPUT_DEPTH, depth first, without recursion. A bulk body (a stock feed's 100 000 rows) is walked
 * without a path per value: the path is built only for the flaw found.
 */
export function inputFlaw(value: unknown, nulBytes: 'refused' | 'allowed' = 'refused'): InputFlaw | undefined {
  const refuseNul = nulBytes === 'refused';
  const pending: Pending[] = [{ value, key: '', parent: undefined, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (refuseNul && next.key.includes(NUL)) return { kind: 'nulByte', path: pathOf(next) };
    if (typeof current === 'string') {
      if (refuseNul && current.includes(NUL)) return { kind: 'nulByte', path: pathOf(next) };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (next.depth >= MAX_INPUT_DEPTH) return { kind: 'tooDeep', path: pathOf(next) };
    // Last entry first onto the stack, so the first key is looked at first, as a reader would.
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string;
      pending.push({ value: (current as Record<string, unknown>)[key], key, parent: next, depth: next.depth + 1 });
    }
  }
  return undefined;
}
