import { z } from 'zod';

/** The "Make this a standing order" form, checked in the browser and again by the server (the API's limits). */
export const standingOrderFormSchema = z
  .object({
    cartId: z.string().min(1).max(64),
    name: z.string().trim().min(1, 'Enter a name for the standing order').max(80, 'Use at most 80 characters for the name'),
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).min(1, 'Choose at least one delivery day'),
    startDate: z.iso.date('Choose the date of the first delivery'),
    endDate: z.union([z.literal(''), z.iso.date('Enter the end date as a date, or leave it empty')]),
    purchaseOrderNumber: z.string().trim().max(35, 'Use at most 35 characters for the purchase order number'),
    deliveryInstructions: z.string().trim().max(500, 'Use at most 500 characters for the delivery instructions'),
  })
  .refine((form) => form.endDate === '' || form.endDate >= form.startDate, { path: ['endDate'], message: 'The end date must be on or after the start date' });

export type StandingOrderFields = 'name' | 'weekdays' | 'startDate' | 'endDate' | 'purchaseOrderNumber' | 'deliveryInstructions';

/** What the customer typed, kept as typed so a refused form comes back with it. */
export interface StandingOrderValues {
  name: string;
  weekdays: number[];
  startDate: string;
  endDate: string;
  purchaseOrderNumber: string;
  deliveryInstructions: string;
}

export type StandingFormState =
  | { status: 'idle' }
  | { status: 'error'; errors: Partial<Record<StandingOrderFields | 'form', string>>; values: StandingOrderValues; network?: boolean; at: number };

export const STANDING_FORM_IDLE: StandingFormState = { status: 'idle' };

const FIELDS: readonly string[] = ['name', 'weekdays', 'startDate', 'endDate', 'purchaseOrderNumber', 'deliveryInstructions'];

/** The field an error names (a zod path or the API's `subject`, e.g. "weekdays.1"), or the form as a whole. */
export function fieldOf(subject: string | number | undefined): StandingOrderFields | 'form' {
  const head = String(subject ?? '').split('.')[0] ?? '';
  return FIELDS.includes(head) ? (head as StandingOrderFields) : 'form';
}

/** The first message for each field of a failed check. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<StandingOrderFields | 'form', string>> {
  const errors: Partial<Record<StandingOrderFields | 'form', string>> = {};
  for (const issue of issues) {
    const field = fieldOf(typeof issue.path[0] === 'symbol' ? undefined : issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}
