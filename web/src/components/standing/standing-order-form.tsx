'use client';

import { useState, type FormEvent } from 'react';
import { changeStandingOrderAction, createStandingOrderAction } from '@/app/account/standing-orders/actions';
import {
  fieldErrors,
  firstDeliveryOn,
  linesRefusal,
  NO_STANDING_LINES,
  STANDING_FORM_IDLE,
  standingOrderChangeSchema,
  standingOrderFormSchema,
  type StandingOrderValues,
  type StandingRefusal,
} from '@/lib/commerce/standing-order-form-schema';
import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import { formatCalendarDate } from '@/lib/commerce/dates';
import { readLines } from '@/lib/commerce/standing-line-input';
import { EditableLines, useEditableLines, type EditableLinesState } from './editable-lines';
import type { EditorLine } from './editor-lines';
import { WeekdayPicker } from './weekday-picker';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';
import { LIMITS } from '@/lib/limits';

/** What the form is for: making a standing order of a cart (a saved cart's code, or 'active'), or changing one. */
export type StandingFormPurpose = { kind: 'create'; cartId: string } | { kind: 'change'; code: string; lines: EditorLine[] };

interface Props {
  purpose: StandingFormPurpose;
  /** The weekdays this account receives deliveries of this range on: only these can be chosen. */
  deliveryWeekdays: number[];
  rangeName: string;
  /** The account needs a PO number on every order, so its standing orders carry one. */
  purchaseOrderRequired: boolean;
  initial: StandingOrderValues;
}

const NO_LINES: EditorLine[] = [];
const NO_REFUSAL: StandingRefusal = { errors: {} };
const SUBMIT = { create: { idle: 'Create standing order', busy: 'Creating…' }, change: { idle: 'Save changes', busy: 'Saving…' } } as const;

/** The browser's own check of what the server checks again: the details, and the lines when they were changed. */
function refusalOf(purpose: StandingFormPurpose, values: StandingOrderValues, lines: EditableLinesState): StandingRefusal | null {
  const input = purpose.kind === 'create' ? standingOrderFormSchema.safeParse({ ...values, cartId: purpose.cartId }) : standingOrderChangeSchema.safeParse(values);
  if (!input.success) return { errors: fieldErrors(input.error.issues) };
  if (purpose.kind === 'create' || !lines.changed) return null;
  const reading = readLines(lines.sent(), NO_STANDING_LINES);
  return reading.ok ? null : linesRefusal(reading);
}

/**
 * "Make this a standing order" and "Change standing order": delivery days (only the account's own), first and
 * last delivery, a name, PO number and instructions; when changing, the standing lines too (the start date
 * stays). Checked here and again by the server; a refusal shows at its field and every value typed stays.
 */
export function StandingOrderForm({ purpose, deliveryWeekdays, rangeName, purchaseOrderRequired, initial }: Props) {
  const changing = purpose.kind === 'change';
  const { state, action, pending, submit } = useFormAction(changing ? changeStandingOrderAction : createStandingOrderAction, STANDING_FORM_IDLE);
  const [values, setValues] = useState<StandingOrderValues>(() => (state.status === 'error' ? state.values : initial));
  const [checked, setChecked] = useState<StandingRefusal | null>(null);
  const lines = useEditableLines(changing ? purpose.lines : NO_LINES);
  const { errors, lineError } = checked ?? (state.status === 'error' ? state : NO_REFUSAL);
  const set = <K extends keyof StandingOrderValues>(key: K, value: StandingOrderValues[K]) => setValues((all) => ({ ...all, [key]: value }));
  // The date the first delivery is counted from: the earliest open one, or the one the customer typed.
  const [startFrom, setStartFrom] = useState(values.startDate);
  const chooseDays = (weekdays: number[]) =>
    setValues((all) => ({ ...all, weekdays, startDate: changing ? all.startDate : firstDeliveryOn(weekdays, startFrom) }));
  const typeStart = (startDate: string) => {
    setStartFrom(startDate);
    set('startDate', startDate);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const refusal = refusalOf(purpose, values, lines);
    if (refusal) {
      event.preventDefault();
      setChecked(refusal);
      return;
    }
    setChecked(null);
    submit(event);
  };

  return (
    <form action={action} onSubmit={onSubmit} className={cartStyles.checkout} aria-labelledby="standing-form-title" noValidate>
      <h2 id="standing-form-title">Standing order details</h2>
      {purpose.kind === 'create' ? <input type="hidden" name="cartId" value={purpose.cartId} /> : <input type="hidden" name="code" value={purpose.code} />}
      <WeekdayPicker deliveryWeekdays={deliveryWeekdays} rangeName={rangeName} chosen={values.weekdays} onChange={chooseDays} error={errors.weekdays} />
      <div className={styles.dates}>
        {changing ? (
          <div className="field field-medium">
            <span className="field-label">Starts</span>
            <span className={styles.fixedValue}>{formatCalendarDate(values.startDate)}</span>
            <p className="field-help">The start date cannot be changed: skip a delivery or pause the standing order instead.</p>
            <input type="hidden" name="startDate" value={values.startDate} />
          </div>
        ) : (
          <TextInput
            name="startDate"
            label="First delivery"
            type="date"
            size="medium"
            value={values.startDate}
            onChange={(event) => typeStart(event.target.value)}
            help="The first date that is one of the days you chose; ticking days moves it to the first of them."
            error={errors.startDate}
            touched
          />
        )}
        <TextInput
          name="endDate"
          label="Last delivery (optional)"
          type="date"
          size="medium"
          value={values.endDate}
          min={values.startDate || undefined}
          onChange={(event) => set('endDate', event.target.value)}
          help="Leave empty to keep it going until you end it."
          error={errors.endDate}
          touched
        />
      </div>
      <TextInput
        name="name"
        label="Name"
        size="medium"
        maxLength={80}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        help="How this standing order is listed and named in the reminder e-mails."
        error={errors.name}
        touched
      />
      <TextInput
        name="purchaseOrderNumber"
        label={`Purchase order number${purchaseOrderRequired ? '' : ' (optional)'}`}
        size="medium"
        maxLength={LIMITS.purchaseOrderNumber}
        value={values.purchaseOrderNumber}
        onChange={(event) => set('purchaseOrderNumber', event.target.value)}
        help="Every order this standing order places carries it."
        error={errors.purchaseOrderNumber}
        touched
      />
      <TextInput
        name="deliveryInstructions"
        label="Delivery instructions (optional)"
        maxLength={LIMITS.deliveryInstructions}
        value={values.deliveryInstructions}
        onChange={(event) => set('deliveryInstructions', event.target.value)}
        error={errors.deliveryInstructions}
        touched
      />
      {changing ? (
        <section className={styles.formLines} aria-labelledby="standing-lines-title">
          <h3 id="standing-lines-title">Lines of each order</h3>
          <p className={cartStyles.hint}>Deliveries you changed one by one keep their own lines.</p>
          <EditableLines edit={lines} label="Lines of each order" idPrefix="standing-qty" leftOutText="Left out of each order when you save." lineError={lineError} />
          {lines.changed ? <input type="hidden" name="lines" value={JSON.stringify(lines.sent())} /> : null}
          <p id="entries-error" className="field-error" role="alert">
            {errors.entries}
          </p>
        </section>
      ) : null}
      <p className={cartStyles.hint}>
        {changing
          ? 'Your changes apply to every delivery not yet ordered; orders already placed stay as they are.'
          : 'Each order is placed automatically at its cut-off with the prices of that day. The working day before, you get an e-mail with a link to change or skip that delivery.'}
      </p>
      {errors.form ? (
        <p role="alert" className={cartStyles.fieldError}>
          {errors.form}
        </p>
      ) : null}
      <div>
        <button type="submit" className={cartStyles.primary} disabled={pending} aria-busy={pending || undefined}>
          {pending ? SUBMIT[purpose.kind].busy : SUBMIT[purpose.kind].idle}
        </button>
      </div>
    </form>
  );
}
