/**
 * PostgreSQL text cannot hold U+0000: a NUL byte that reaches a query makes the driver fail with a 500.
 * No field of this API has a use for one, so every input is refused with a 400 before it reaches a schema.
 */
const NUL = '\u0000';

/** The path (`product.code`, `lines.2`) of the first string or key holding a NUL, or undefined. */
export function nulBytePath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = [...path, key];
    if (key.includes(NUL)) return here.join('.');
    const found = nulBytePath(item, here);
    if (found !== undefined) return found;
  }
  return undefined;
}
