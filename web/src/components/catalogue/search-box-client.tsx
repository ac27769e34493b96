'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { suggestAction } from '@/app/search/actions';
import { useToast } from '@/components/shell/toasts';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { filterByPrefix, searchHref, wantsRemoteSuggestions } from '@/lib/commerce/suggestion-rules';
import styles from './search-box.module.css';

const DEBOUNCE_MS = 150;

/**
 * The header search (docs/storefront-requirements.md §2, §4, §5): one field `search`; suggestions from the API for terms longer than
 * 3 characters, narrowed locally by prefix for shorter ones; hidden on outside click or when focus leaves the
 * form, shown again when focus comes back; arrow keys move through them, Escape closes them.
 */
export function SearchBoxClient() {
  const router = useRouter();
  const { showToast } = useToast();
  const { callAction } = useNetworkFailure();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const [term, setTerm] = useState('');
  const [fetched, setFetched] = useState<{ term: string; values: string[] }>({ term: '', values: [] });
  const [open, setOpen] = useState(false);

  // Until the answer for this very term arrives, the earlier suggestions are narrowed by prefix.
  const shown = wantsRemoteSuggestions(term) && fetched.term === term ? fetched.values : filterByPrefix(fetched.values, term);
  const visible = open && term.trim().length > 0 && shown.length > 0;

  useEffect(() => {
    if (!wantsRemoteSuggestions(term)) return;
    const request = ++latest.current;
    const load = async () => {
      // Unreachable (offline, 503): callAction has shown the docs/storefront-requirements.md §8 toast; the box keeps working on what it has.
      const answer = await callAction(() => suggestAction(term));
      if (!answer || request !== latest.current) return;
      if (answer.ok) setFetched({ term, values: answer.values });
      else showToast({ title: 'An unexpected error occurred', description: answer.message, type: 'error', dedupeKey: 'suggestions' });
    };
    const timer = setTimeout(() => void load(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, showToast, callAction]);

  // The field is uncontrolled so that whatever was typed before hydration is kept, and picked up here.
  useEffect(() => {
    if (inputRef.current?.value) setTerm(inputRef.current.value);
  }, []);

  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!term.trim()) return;
    setOpen(false);
    router.push(searchHref(term));
  }

  const links = () => [...(formRef.current?.querySelectorAll<HTMLAnchorElement>('[data-suggestion]') ?? [])];

  function moveFocus(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape') {
      // The first Escape closes the suggestions and keeps the term (a search field would clear itself).
      if (visible) event.preventDefault();
      setOpen(false);
      inputRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = links();
    if (items.length === 0) return;
    event.preventDefault();
    // The list must be shown before one of its links can take focus.
    if (!visible) flushSync(() => setOpen(true));
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = at + step;
    if (next < 0) inputRef.current?.focus();
    else items[Math.min(next, items.length - 1)]?.focus();
  }

  return (
    <form
      ref={formRef}
      role="search"
      action="/search/"
      method="get"
      className={styles.form}
      onSubmit={submit}
      onKeyDown={moveFocus}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!formRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-search`} className={styles.label}>
        Search products
      </label>
      <input
        ref={inputRef}
        id={`${id}-search`}
        name="search"
        type="search"
        autoComplete="off"
        placeholder="Search products"
        className={styles.input}
        aria-controls={`${id}-suggestions`}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
      <span id={`${id}-hint`} className={styles.hint} role="status">
        {visible ? `${shown.length} suggestions available, use the arrow keys to move through them` : ''}
      </span>
      <ul id={`${id}-suggestions`} className={styles.suggestions} hidden={!visible} aria-label="Search suggestions">
        {shown.map((value) => (
          <li key={value}>
            <Link
              href={searchHref(value)}
              data-suggestion=""
              prefetch={false}
              onClick={() => {
                setOpen(false);
                setTerm(value);
                if (inputRef.current) inputRef.current.value = value;
              }}
            >
              {value}
            </Link>
          </li>
        ))}
      </ul>
    </form>
  );
}
