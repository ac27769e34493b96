import { z } from 'zod';

/** What the company user forms hold, as typed: nothing is lost when the API refuses something. */
export interface UserFormValues {
  email: string;
  name: string;
  shipTos: string[];
  /** The roles beyond buyer, per sold-to code. */
  roles: Record<string, string[]>;
  /** Pounds as typed, e.g. "150" or "150.00"; empty for no limit. */
  orderLimit: string;
}

export type UserField = 'email' | 'name' | 'shipTos' | 'roles' | 'orderLimit' | 'form';

export type UserFormState =
  | { status: 'idle' }
  | { status: 'done'; message: string; at: number }
  | { status: 'error'; values: UserFormValues; errors: Partial<Record<UserField, string>>; at: number; network?: boolean };

export const USER_FORM_IDLE: UserFormState = { status: 'idle' };

export const EMPTY_USER: UserFormValues = { email: '', name: '', shipTos: [], roles: {}, orderLimit: '' };

/** The field an API refusal names (its `subject`), e.g. `roles.0.roles` is the roles. */
export function userFieldOf(subject: string | undefined): UserField {
  const head = subject?.split('.')[0];
  return head === 'email' || head === 'name' || head === 'shipTos' || head === 'roles' || head === 'orderLimit' ? head : 'form';
}

/** "150", "150.5" or "150.00" pounds as pence; empty is no limit (null); anything else undefined. */
export function poundsToPence(typed: string): number | null | undefined {
  const text = typed.trim().replace(/^£/, '');
  if (text === '') return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

export const penceToPounds = (pence: number | null): string => (pence === null ? '' : (pence / 100).toFixed(2));

const ORDER_LIMIT_MESSAGE = 'Enter an amount in pounds, such as 150 or 150.00, or leave it empty for no limit';

/** The checks the browser can make before asking the API; the API checks everything again. */
export function userFormErrors(values: UserFormValues, inviting: boolean): Partial<Record<UserField, string>> {
  const errors: Partial<Record<UserField, string>> = {};
  if (inviting && !z.email().safeParse(values.email.trim()).success) errors.email = 'Enter an e-mail address, such as name@example.com';
  if (inviting && values.name.trim() === '') errors.name = 'Enter the user’s name';
  if (values.shipTos.length === 0) errors.shipTos = 'Choose at least one account';
  if (poundsToPence(values.orderLimit) === undefined) errors.orderLimit = ORDER_LIMIT_MESSAGE;
  return errors;
}
