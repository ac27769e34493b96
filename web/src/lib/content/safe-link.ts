/** docs/storefront-requirements.md §5: rendered markdown keeps only these link forms; anything else becomes a harmless placeholder. */
export const PLACEHOLDER_HREF = '#';
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function safeHref(href: string): string {
  // Browsers ignore control characters and whitespace inside a scheme ("java\nscript:"): judge what they would see.
  const trimmed = [...href].filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f).join('');
  if (trimmed === '') return PLACEHOLDER_HREF;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (scheme) return ALLOWED_SCHEMES.has(`${scheme[1]?.toLowerCase()}:`) ? href.trim() : PLACEHOLDER_HREF;
  if (trimmed.startsWith('//')) return PLACEHOLDER_HREF;
  return href.trim();
}
