'use server';

import { z } from 'zod';
import { fetchSuggestions } from '@/lib/commerce/suggestions';
import { distinctIgnoringCase, wantsRemoteSuggestions } from '@/lib/commerce/suggestion-rules';
import { shopScope } from '@/lib/commerce/scope';

const termSchema = z.string().max(100);

export type SuggestionsAnswer = { ok: true; values: string[] } | { ok: false; message: string };

/** Suggestions for the header search box; the browser never talks to the API itself. */
export async function suggestAction(term: unknown): Promise<SuggestionsAnswer> {
  const parsed = termSchema.safeParse(term);
  if (!parsed.success || !wantsRemoteSuggestions(parsed.data)) return { ok: true, values: [] };
  const scope = await shopScope();
  const result = await fetchSuggestions(parsed.data, scope.salesOrg);
  if (!result.ok) return { ok: false, message: result.error.description };
  return { ok: true, values: distinctIgnoringCase(result.data.suggestions.map((suggestion) => suggestion.value)) };
}
