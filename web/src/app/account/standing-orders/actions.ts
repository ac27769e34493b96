'use server';

import { refresh, revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { done, failed, failedWith, type ActionState } from '@/lib/forms/action-state';
import { errorText } from '@/lib/commerce/error-text';
import { shopScope } from '@/lib/commerce/scope';
import { readLines, refusedLine, type LineInput, type StandingEntry } from '@/lib/commerce/standing-line-input';
import { changeDelivery, changeStandingOrder, changeStandingStatus, createStandingOrder } from '@/lib/commerce/standing-orders';
import type { AppError } from '@/lib/errors/app-error';
import {
  fieldErrors,
  fieldOf,
  inFormWords,
  linesRefusal,
  NO_STANDING_LINES,
  sentLinesSchema,
  standingOrderChangeSchema,
  standingOrderFormSchema,
  type StandingFormState,
  type StandingOrderValues,
  type StandingRefusal,
} from '@/lib/commerce/standing-order-form-schema';

const codeSchema = z.string().min(1).max(64);

const valuesOf = (form: FormData): StandingOrderValues => ({
  name: String(form.get('name') ?? ''),
  weekdays: form.getAll('weekdays').map(Number).filter(Number.isInteger),
  startDate: String(form.get('startDate') ?? ''),
  endDate: String(form.get('endDate') ?? ''),
  purchaseOrderNumber: String(form.get('purchaseOrderNumber') ?? ''),
  deliveryInstructions: String(form.get('deliveryInstructions') ?? ''),
});

const refused = (values: StandingOrderValues, refusal: StandingRefusal & { network?: boolean }): StandingFormState => ({
  status: 'error',
  values,
  at: Date.now(),
  ...refusal,
});

/** An API refusal at the field its `subject` names, or at the standing line it names; an outage is flagged as one. */
function refusedBy(error: AppError, values: StandingOrderValues, entries: readonly StandingEntry[] = []): StandingFormState {
  const network = error.type === 'FailedToFetch';
  const line = refusedLine(error.subject, entries);
  const message = inFormWords(errorText(error));
  return refused(values, line ? { errors: {}, lineError: { line, message }, network } : { errors: { [fieldOf(error.subject)]: message }, network });
}

/** Creates the standing order from the cart; a refusal comes back at its field, with everything typed kept. */
export async function createStandingOrderAction(_previous: StandingFormState, form: FormData): Promise<StandingFormState> {
  const values = valuesOf(form);
  const input = standingOrderFormSchema.safeParse({ ...values, cartId: form.get('cartId'), weekdays: form.getAll('weekdays') });
  if (!input.success) return refused(values, { errors: fieldErrors(input.error.issues) });
  const { endDate, ...order } = input.data;
  const result = await createStandingOrder(await shopScope(), { ...order, ...(endDate ? { endDate } : {}) });
  if (!result.ok) return refusedBy(result.error, values);
  revalidatePath('/account/standing-orders/');
  redirect(`/account/standing-orders/${encodeURIComponent(result.data.code)}/?created=1`);
}

/**
 * Changes the standing order itself in one PUT: days, end date, name, PO number, instructions and, when the
 * customer changed them, its lines. Deliveries changed one by one keep their own lines (the API's rule).
 */
export async function changeStandingOrderAction(_previous: StandingFormState, form: FormData): Promise<StandingFormState> {
  const values = valuesOf(form);
  const code = codeSchema.safeParse(form.get('code'));
  if (!code.success) return refused(values, { errors: { form: 'Reload the page and try again' } });
  const input = standingOrderChangeSchema.safeParse({ ...values, weekdays: form.getAll('weekdays') });
  if (!input.success) return refused(values, { errors: fieldErrors(input.error.issues) });
  const sent = form.has('lines') ? sentLinesSchema.safeParse(form.get('lines')) : undefined;
  if (sent && !sent.success) return refused(values, { errors: { entries: 'Reload the page and try again' } });
  const lines = sent ? readLines(sent.data, NO_STANDING_LINES) : undefined;
  if (lines && !lines.ok) return refused(values, linesRefusal(lines));
  const entries = lines?.entries;
  const { name, weekdays, endDate, purchaseOrderNumber, deliveryInstructions } = input.data;
  const change = { name, weekdays, endDate: endDate || null, purchaseOrderNumber, deliveryInstructions, ...(entries ? { entries } : {}) };
  const result = await changeStandingOrder(await shopScope(), code.data, change);
  if (!result.ok) return refusedBy(result.error, values, entries);
  revalidatePath('/account/standing-orders/');
  redirect(`/account/standing-orders/${encodeURIComponent(result.data.code)}/?changed=1`);
}

const transitionSchema = z.enum(['pause', 'resume', 'end']);
const TRANSITION_DONE = { pause: 'Standing order paused', resume: 'Standing order resumed', end: 'Standing order ended' } as const;

/** Pause, resume or end a standing order (ending is final; the form asks first). */
export async function standingStatusAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const code = codeSchema.safeParse(form.get('code'));
  const transition = transitionSchema.safeParse(form.get('transition'));
  if (!code.success || !transition.success) return failed('Reload the page and try again');
  const result = await changeStandingStatus(await shopScope(), code.data, transition.data);
  if (!result.ok) return failedWith(result.error);
  refresh();
  return done(TRANSITION_DONE[transition.data]);
}

const deliveryRef = z.object({ code: codeSchema, date: z.iso.date() });

/** Skips one delivery, or takes the skip back; after the cut-off or once placed the API answers why not. */
export async function skipDeliveryAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const ref = deliveryRef.safeParse({ code: form.get('code'), date: form.get('date') });
  const skipped = z.enum(['true', 'false']).safeParse(form.get('skipped'));
  if (!ref.success || !skipped.success) return failed('Reload the page and try again');
  const result = await changeDelivery(await shopScope(), ref.data.code, ref.data.date, { skipped: skipped.data === 'true' });
  if (!result.ok) return failedWith(result.error);
  refresh();
  return done(skipped.data === 'true' ? 'Delivery skipped' : 'Delivery back on');
}

export type DeliverySaveAnswer =
  | { ok: true }
  | { ok: false; message: string; network?: boolean; /** The product code of the line the message is about. */ line?: string };

/** The lines of this one delivery (the standing order keeps its own); each quantity is checked as the cart checks it. */
export async function saveDeliveryLinesAction(code: string, date: string, lines: LineInput[]): Promise<DeliverySaveAnswer> {
  const ref = deliveryRef.safeParse({ code, date });
  if (!ref.success) return { ok: false, message: 'Reload the page and try again' };
  const reading = readLines(lines, 'Keep at least one line, or skip this delivery instead');
  if (!reading.ok) return reading;
  const result = await changeDelivery(await shopScope(), ref.data.code, ref.data.date, { entries: reading.entries });
  if (!result.ok) {
    return { ok: false, message: errorText(result.error), network: result.error.type === 'FailedToFetch', line: refusedLine(result.error.subject, reading.entries) };
  }
  refresh();
  return { ok: true };
}
