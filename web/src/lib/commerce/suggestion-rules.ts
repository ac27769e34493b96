/** docs/storefront-requirements.md §5: the API is asked only when the trimmed term is longer than 3 characters. */
export const SUGGESTION_MIN_LENGTH = 4;

export const wantsRemoteSuggestions = (term: string): boolean => term.trim().length >= SUGGESTION_MIN_LENGTH;

/** With 3 characters or fewer, the suggestions already shown are narrowed by prefix, without a request. */
export function filterByPrefix(suggestions: string[], term: string): string[] {
  const prefix = term.trim().toLocaleLowerCase('en-GB');
  return suggestions.filter((value) => value.toLocaleLowerCase('en-GB').startsWith(prefix));
}

export const searchHref = (term: string): string => `/search/${encodeURIComponent(term.trim())}/`;

/**
 * One suggestion per wording whatever its case: the API offers a product name and a brand or category that
 * differ only in case ("Salted Butter", "Salted butter"), which read as the same search. The first (best) wins.
 */
export function distinctIgnoringCase(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLocaleLowerCase('en-GB');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
