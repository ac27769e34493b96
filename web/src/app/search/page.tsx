import { redirect } from 'next/navigation';
import { searchHref } from '@/lib/commerce/suggestion-rules';

/** The search form without JavaScript submits ?search=term here; the shown address is /search/{term}. */
export default async function SearchFormTarget({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).search;
  const term = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  redirect(term ? searchHref(term) : '/');
}
