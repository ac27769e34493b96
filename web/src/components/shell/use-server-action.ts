'use client';

import { unstable_rethrow } from 'next/navigation';
import { useActionState, useCallback, useState, useTransition, type FormEvent } from 'react';
import { failedToFetch } from '@/lib/errors/catalogue';
import { useToast } from './toasts';

/**
 * docs/storefront-requirements.md §8 FailedToFetch for Server Actions: a dropped connection, or a 503 from a storefront shedding load,
 * makes the action's request fail, which React would hand to the error boundary (the crash page). Here it
 * becomes the catalogue's toast, and the page with everything typed into it stays for the next try.
 */
export function useNetworkFailure() {
  const { showToast } = useToast();

  const showNetworkError = useCallback(() => {
    const { title, description } = failedToFetch();
    showToast({ title, description, type: 'error', dedupeKey: 'FailedToFetch' });
  }, [showToast]);

  /** Runs a Server Action; undefined when it could not be reached. Navigation (redirect) still goes through. */
  const callAction = useCallback(
    async <T>(run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (error) {
        unstable_rethrow(error);
        showNetworkError();
        return undefined;
      }
    },
    [showNetworkError],
  );

  return { callAction, showNetworkError };
}

/** An answer that says the API could not be reached (docs/storefront-requirements.md §8 FailedToFetch) rather than refusing the input. */
const isNetworkFailure = (answer: object) => 'network' in answer && answer.network === true;

/**
 * A form whose Server Action may fail on the network. Without script the browser posts the form to `action`
 * (React's useActionState, progressive enhancement). With script, `submit` (the form's onSubmit) or `run`
 * sends it instead: an unreachable server or an API outage shows the toast and keeps the previous state,
 * and nothing resets the form, so a value the customer typed stays next to any message about it.
 */
export function useFormAction<S extends object>(
  serverAction: (previous: Awaited<S>, form: FormData) => Promise<Awaited<S>>,
  // React types the state as Awaited<…> of what the action returns (state may be a promise); ours never is.
  initial: Awaited<Awaited<S>>,
) {
  const { callAction, showNetworkError } = useNetworkFailure();
  const [postedState, action, posting] = useActionState<Awaited<S>, FormData>(serverAction, initial);
  const [sentState, setSentState] = useState<Awaited<S>>();
  const [sending, startSending] = useTransition();
  const state = sentState ?? postedState;

  const run = (form: FormData) =>
    startSending(async () => {
      const next = await callAction(() => serverAction(state, form));
      if (next === undefined) return;
      if (isNetworkFailure(next)) {
        showNetworkError();
        return;
      }
      startSending(() => setSentState(next));
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
  };

  return { state, action, pending: posting || sending, submit, run };
}
