'use client';

import { useState, type FormEvent } from 'react';
import { createStandingOrderAction } from '@/app/account/standing-orders/actions';
import {
  fieldErrors,
  STANDING_FORM_IDLE,
  standingOrderFormSchema,
  type StandingOrderFields,
  type StandingOrderValues,
} from '@/app/account/standing-orders/standing-order-form-schema';
import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import { WEEKDAYS, weekdayList, weekdayName } from '@/lib/commerce/weekdays';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';

interface Props {
  /** A saved cart's code, or 'active' for the current cart. */
  cartId: string;
  /** The weekdays this account receives deliveries of this range on: only these can be chosen. */
  deliveryWeekdays: number[];
  rangeName: string;
  /** The account needs a PO number on every order, so its standing orders carry one. */
  purchaseOrderRequired: boolean;
  initial: StandingOrderValues;
}

type Errors = Partial<Record<StandingOrderFields | 'form', string>>;

/**
 * "Make this a standing order": delivery days (only the account's own), first and last delivery, a name. Checked
 * here and again by the server; a refusal shows at its field and every value typed stays as it was.
 */
export function StandingOrderForm({ cartId, deliveryWeekdays, rangeName, purchaseOrderRequired, initial }: Props) {
  const { state, action, pending, submit } = useFormAction(createStandingOrderAction, STANDING_FORM_IDLE);
  const [values, setValues] = useState<StandingOrderValues>(() => (state.status === 'error' ? state.values : initial));
  const [checked, setChecked] = useState<Errors | null>(null);
  const errors: Errors = checked ?? (state.status === 'error' ? state.errors : {});
  const set = <K extends keyof StandingOrderValues>(key: K, value: StandingOrderValues[K]) => setValues((all) => ({ ...all, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = standingOrderFormSchema.safeParse({ ...values, cartId });
    if (!input.success) {
      event.preventDefault();
      setChecked(fieldErrors(input.error.issues));
      return;
    }
    setChecked(null);
    submit(event);
  };

  const toggle = (day: number, on: boolean) => set('weekdays', on ? [...values.weekdays, day].sort((a, b) => a - b) : values.weekdays.filter((d) => d !== day));

  return (
    <form action={action} onSubmit={onSubmit} className={cartStyles.checkout} aria-labelledby="standing-form-title" noValidate>
      <h2 id="standing-form-title">Standing order details</h2>
      <input type="hidden" name="cartId" value={cartId} />
      <fieldset className={styles.weekdays} aria-describedby="weekdays-hint weekdays-error">
        <legend>Delivery days</legend>
        <p id="weekdays-hint" className={cartStyles.hint}>
          This account receives {rangeName} deliveries on {weekdayList(deliveryWeekdays)}, so only those days can be chosen.
        </p>
        <ul className={styles.dayList}>
          {WEEKDAYS.map((day) => {
            const offered = deliveryWeekdays.includes(day);
            const id = `weekday-${day}`;
            return (
              <li key={day} className={styles.day} data-offered={offered ? '' : undefined}>
                <input
                  id={id}
                  type="checkbox"
                  name="weekdays"
                  value={day}
                  checked={offered && values.weekdays.includes(day)}
                  disabled={!offered}
                  onChange={(event) => toggle(day, event.target.checked)}
                  aria-invalid={errors.weekdays ? true : undefined}
                  aria-describedby={offered ? undefined : `${id}-why`}
                />
                <label htmlFor={id}>{weekdayName(day)}</label>
                {offered ? null : (
                  <span id={`${id}-why`} className={styles.why}>
                    No delivery
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        <p id="weekdays-error" className="field-error" role="alert">
          {errors.weekdays}
        </p>
      </fieldset>
      <div className={styles.dates}>
        <TextInput
          name="startDate"
          label="First delivery"
          type="date"
          size="medium"
          value={values.startDate}
          onChange={(event) => set('startDate', event.target.value)}
          help="The first date on or after this that is one of your delivery days."
          error={errors.startDate}
          touched
        />
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
        maxLength={35}
        value={values.purchaseOrderNumber}
        onChange={(event) => set('purchaseOrderNumber', event.target.value)}
        help="Every order this standing order places carries it."
        error={errors.purchaseOrderNumber}
        touched
      />
      <TextInput
        name="deliveryInstructions"
        label="Delivery instructions (optional)"
        maxLength={500}
        value={values.deliveryInstructions}
        onChange={(event) => set('deliveryInstructions', event.target.value)}
        error={errors.deliveryInstructions}
        touched
      />
      <p className={cartStyles.hint}>
        Each order is placed automatically at its cut-off with the prices of that day. The working day before, you get an e-mail with a
        link to change or skip that delivery.
      </p>
      {errors.form ? (
        <p role="alert" className={cartStyles.fieldError}>
          {errors.form}
        </p>
      ) : null}
      <div>
        <button type="submit" className={cartStyles.primary} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Creating…' : 'Create standing order'}
        </button>
      </div>
    </form>
  );
}
