/**
 * Compares strings by code point, which is the byte order of their UTF-8 (the "C" collation, and the
 * order of a tsvector's lexemes). JavaScript's `<` compares UTF-16 code units, which differs only where a
 * character beyond U+FFFF meets one from U+E000 to U+FFFF: those units are remapped so the order is the
 * code points'.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Surrogates (U+D800–U+DFFF, the halves of characters beyond U+FFFF) after U+E000–U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
