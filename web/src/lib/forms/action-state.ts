import type { AppError } from '@/lib/errors/app-error';
import { errorText } from '@/lib/commerce/error-text';

/** A link shown with a message, e.g. to the order a stale checkout was already placed as. */
export interface MessageLink {
  href: string;
  label: string;
}

/** What a cart Server Action hands back to the form that called it. */
export type ActionState =
  | { status: 'idle' }
  | { status: 'done'; message: string; at: number }
  | { status: 'error'; message: string; at: number; network?: boolean; link?: MessageLink; cartUnits?: number };

export const IDLE: ActionState = { status: 'idle' };

export const done = (message: string): ActionState => ({ status: 'done', message, at: Date.now() });

export const failed = (message: string, extra: { link?: MessageLink; cartUnits?: number } = {}): ActionState => ({
  status: 'error',
  message,
  at: Date.now(),
  ...extra,
});

/**
 * A failed API call as the form shows it. An outage (docs/storefront-requirements.md §8 FailedToFetch) is flagged so the page shows the
 * catalogue's toast instead of a message at the field: nothing the customer typed was wrong.
 */
export const failedWith = (error: AppError, message = errorText(error)): ActionState =>
  error.type === 'FailedToFetch' ? { status: 'error', message: error.description, at: Date.now(), network: true } : failed(message);
