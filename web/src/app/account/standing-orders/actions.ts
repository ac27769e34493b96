'use server';

import { refresh, revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { done, failed, failedWith, type ActionState } from '@/app/cart/action-state';
import { errorText } from '@/lib/commerce/error-text';
import { productCodeSchema, quantityRuleInput } from '@/lib/commerce/quantity-input';
import { readQuantity } from '@/lib/commerce/quantity';
import { shopScope } from '@/lib/commerce/scope';
import { changeDelivery, changeStandingStatus, createStandingOrder } from '@/lib/commerce/standing-orders';
import { fieldErrors, fieldOf, standingOrderFormSchema, type StandingFormState, type StandingOrderValues } from './standing-order-form-schema';

const valuesOf = (form: FormData): StandingOrderValues => ({
  name: String(form.get('name') ?? ''),
  weekdays: form.getAll('weekdays').map(Number).filter(Number.isInteger),
  startDate: String(form.get('startDate') ?? ''),
  endDate: String(form.get('endDate') ?? ''),
  purchaseOrderNumber: String(form.get('purchaseOrderNumber') ?? ''),
  deliveryInstructions: String(form.get('deliveryInstructions') ?? ''),
});

/** Creates the standing order from the cart; a refusal comes back at its field, with everything typed kept. */
export async function createStandingOrderAction(_previous: StandingFormState, form: FormData): Promise<StandingFormState> {
  const values = valuesOf(form);
  const input = standingOrderFormSchema.safeParse({ ...values, cartId: form.get('cartId'), weekdays: form.getAll('weekdays') });
  if (!input.success) return { status: 'error', errors: fieldErrors(input.error.issues), values, at: Date.now() };
  const { endDate, ...order } = input.data;
  const result = await createStandingOrder(await shopScope(), { ...order, ...(endDate ? { endDate } : {}) });
  if (!result.ok) {
    const network = result.error.type === 'FailedToFetch';
    return { status: 'error', errors: { [fieldOf(result.error.subject)]: errorText(result.error) }, values, network, at: Date.now() };
  }
  revalidatePath('/account/standing-orders/');
  redirect(`/account/standing-orders/${encodeURIComponent(result.data.code)}/?created=1`);
}

const codeSchema = z.string().min(1).max(64);
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

const deliveryLineSchema = quantityRuleInput.extend({ productCode: productCodeSchema });

export interface DeliveryLineInput {
  productCode: string;
  productName: string;
  minimum: number;
  quantity: string;
}

export type DeliverySaveAnswer =
  | { ok: true }
  | { ok: false; message: string; network?: boolean; /** The product code of the line the message is about. */ line?: string };

/** The lines of this one delivery (the standing order keeps its own); each quantity is checked as the cart checks it. */
export async function saveDeliveryLinesAction(code: string, date: string, lines: DeliveryLineInput[]): Promise<DeliverySaveAnswer> {
  const ref = deliveryRef.safeParse({ code, date });
  if (!ref.success) return { ok: false, message: 'Reload the page and try again' };
  if (lines.length === 0) return { ok: false, message: 'Keep at least one line, or skip this delivery instead' };
  const entries: { product: { code: string }; quantity: number }[] = [];
  for (const line of lines) {
    const about = deliveryLineSchema.safeParse(line);
    if (!about.success) return { ok: false, message: 'Reload the page and try again' };
    const reading = readQuantity(line.quantity, { productName: about.data.productName, minimum: about.data.minimum, zeroRemoves: false });
    if (!reading.ok) return { ok: false, message: reading.message, line: about.data.productCode };
    entries.push({ product: { code: about.data.productCode }, quantity: reading.quantity });
  }
  const result = await changeDelivery(await shopScope(), ref.data.code, ref.data.date, { entries });
  if (!result.ok) {
    // The API names a refused line by its place in what was sent ("entries.2.product.code").
    const index = /^entries\.(\d+)/.exec(result.error.subject ?? '')?.[1];
    const line = index === undefined ? undefined : lines[Number(index)]?.productCode;
    return { ok: false, message: errorText(result.error), network: result.error.type === 'FailedToFetch', line };
  }
  refresh();
  return { ok: true };
}
