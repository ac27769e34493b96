import { z } from 'zod';
import { LIMIT_MESSAGES, LIMITS } from '@/lib/limits';

const detailsSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name for the standing order').max(80, 'Use at most 80 characters for the name'),
  weekdays: z.array(z.coerce.number().int().min(1).max(7)).min(1, 'Choose at least one delivery day'),
  startDate: z.iso.date('Choose the date of the first delivery'),
  endDate: z.union([z.literal(''), z.iso.date('Enter the last delivery as a date, or leave it empty')]),
  purchaseOrderNumber: z.string().trim().max(LIMITS.purchaseOrderNumber, LIMIT_MESSAGES.purchaseOrderNumber),
  deliveryInstructions: z.string().trim().max(LIMITS.deliveryInstructions, LIMIT_MESSAGES.deliveryInstructions),
});

const endOnOrAfterStart = (form: { startDate: string; endDate: string }) => form.endDate === '' || form.endDate >= form.startDate;
const END_BEFORE_START = { path: ['endDate'], message: 'The last delivery must be on or after the first delivery' };

/** The "Make this a standing order" form, checked in the browser and again by the server (the API's limits). */
export const standingOrderFormSchema = detailsSchema.extend({ cartId: z.string().min(1).max(64) }).refine(endOnOrAfterStart, END_BEFORE_START);

/** "Change standing order": the same details; the start date is only read (the API keeps it) to check the end. */
export const standingOrderChangeSchema = detailsSchema.refine(endOnOrAfterStart, END_BEFORE_START);

/** The fields a message can stand at; `entries` is the standing lines as a whole. */
export type StandingOrderFields = 'name' | 'weekdays' | 'startDate' | 'endDate' | 'purchaseOrderNumber' | 'deliveryInstructions' | 'entries';

/** What the customer typed, kept as typed so a refused form comes back with it. */
export interface StandingOrderValues {
  name: string;
  weekdays: number[];
  startDate: string;
  endDate: string;
  purchaseOrderNumber: string;
  deliveryInstructions: string;
}

export type StandingFormErrors = Partial<Record<StandingOrderFields | 'form', string>>;

export type StandingFormState =
  | { status: 'idle' }
  | {
      status: 'error';
      errors: StandingFormErrors;
      /** A refusal of one standing line, shown at that line (its product code). */
      lineError?: { line: string; message: string };
      values: StandingOrderValues;
      network?: boolean;
      at: number;
    };

/** How a refusal stands on the form: messages at fields, and perhaps one at a standing line. */
export type StandingRefusal = Pick<Extract<StandingFormState, { status: 'error' }>, 'errors' | 'lineError'>;

/** A refused reading of the standing lines: at the line it names, or at the lines as a whole. */
export const linesRefusal = (refusal: { message: string; line?: string }): StandingRefusal =>
  refusal.line ? { errors: {}, lineError: { line: refusal.line, message: refusal.message } } : { errors: { entries: refusal.message } };

export const STANDING_FORM_IDLE: StandingFormState = { status: 'idle' };

const FIELDS: readonly string[] = ['name', 'weekdays', 'startDate', 'endDate', 'purchaseOrderNumber', 'deliveryInstructions', 'entries'];

/** The field an error names (a zod path or the API's `subject`, e.g. "weekdays.1"), or the form as a whole. */
export function fieldOf(subject: string | number | undefined): StandingOrderFields | 'form' {
  const head = String(subject ?? '').split('.')[0] ?? '';
  return FIELDS.includes(head) ? (head as StandingOrderFields) : 'form';
}

/**
 * A message in the words of the form: the API names the dates by its fields (start and end date), the form
 * labels them "First delivery" and "Last delivery".
 */
export const inFormWords = (message: string): string => message.replace(/\bstart date\b/gi, 'first delivery').replace(/\bend date\b/gi, 'last delivery');

const DAY_MS = 86_400_000;

/** The ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
const isoWeekday = (isoDate: string): number => ((new Date(`${isoDate}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * The first date on or after `from` that falls on one of `weekdays`: the day a standing order starting on
 * `from` first delivers. `from` itself when no day is chosen or it is not a date.
 */
export function firstDeliveryOn(weekdays: readonly number[], from: string): string {
  const start = Date.parse(`${from}T12:00:00Z`);
  if (weekdays.length === 0 || Number.isNaN(start) || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return from;
  for (let offset = 0; offset < 7; offset += 1) {
    const date = new Date(start + offset * DAY_MS).toISOString().slice(0, 10);
    if (weekdays.includes(isoWeekday(date))) return date;
  }
  return from;
}

/** The first message for each field of a failed check. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): StandingFormErrors {
  const errors: StandingFormErrors = {};
  for (const issue of issues) {
    const field = fieldOf(typeof issue.path[0] === 'symbol' ? undefined : issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Said when every standing line is removed: a standing order orders something, or is ended. */
export const NO_STANDING_LINES = 'Keep at least one line; to stop these orders, end the standing order instead';

/** The standing lines as the change form sends them (one hidden field, only when they were changed). */
export const sentLinesSchema = z
  .string()
  .max(200_000)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Reload the page and try again' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.unknown()).max(LIMITS.orderLines));
