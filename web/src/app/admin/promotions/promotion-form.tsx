'use client';

import type { ReactNode } from 'react';
import { describedBy, FieldFrame } from '@/components/forms/field-frame';
import { fieldId } from '@/components/forms/field-id';
import { TextInput } from '@/components/forms/text-input';
import { useFormAction } from '@/components/shell/use-server-action';
import { percent, type Promotion, type PromotionField } from '@/lib/admin/promotion-schemas';
import { savePromotionAction, type PromotionFormState } from './actions';
import styles from './promotions.module.css';

const NOTHING_YET: PromotionFormState = {};

/** What the form shows first: a promotion's own values as typed (a percentage, pounds), or a new one's defaults. */
function startingValues(promotion: Promotion | undefined, today: string): Record<PromotionField, string> {
  if (!promotion) {
    return { code: '', name: '', kind: 'percentOff', value: '', buyQuantity: '', freeQuantity: '', minQuantity: '1', who: 'all', audience: '', what: 'products', targets: '', validFrom: today, validTo: today };
  }
  const value = promotion.kind === 'percentOff' ? percent(promotion.value) : promotion.kind === 'buyXGetY' ? '' : (promotion.value / 100).toFixed(2);
  return {
    code: promotion.code,
    name: promotion.name,
    kind: promotion.kind,
    value,
    buyQuantity: promotion.buyQuantity === null ? '' : String(promotion.buyQuantity),
    freeQuantity: promotion.freeQuantity === null ? '' : String(promotion.freeQuantity),
    minQuantity: String(promotion.minQuantity),
    who: promotion.who,
    audience: promotion.audience.join(promotion.who === 'groups' ? ', ' : ' '),
    what: promotion.what,
    targets: promotion.targets.join(' '),
    validFrom: promotion.validFrom,
    validTo: promotion.validTo,
  };
}

/** A native select in the shop's field frame: label, help and the error next to it, wired for screen readers. */
function Choice({ name, label, help, value, error, children }: { name: PromotionField; label: string; help?: string; value: string; error?: string; children: ReactNode }) {
  const id = fieldId(name, label);
  return (
    <FieldFrame id={id} label={label} size="full" help={help} error={error}>
      <select id={id} name={name} className="input" defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { help, error })}>
        {children}
      </select>
    </FieldFrame>
  );
}

/**
 * The one form of a promotion, new or changed. A plain form checked on the server (it works before scripts
 * load): a refusal shows next to the field it names and keeps what was typed. A change carries the version it
 * was read at, so one made meanwhile by someone else is not overwritten.
 */
export function PromotionForm({ promotion, today }: { promotion?: Promotion; today: string }) {
  const { state, action, pending, submit } = useFormAction(savePromotionAction, NOTHING_YET);
  const values = { ...startingValues(promotion, today), ...state.values };
  const errors = state.fieldErrors ?? {};
  const text = (name: PromotionField, label: string, extra: { help?: string; type?: string; maxLength?: number; size?: 'full' | 'medium' | 'narrow' } = {}) => (
    <TextInput name={name} label={label} defaultValue={values[name]} error={errors[name]} touched={Boolean(errors[name])} {...extra} />
  );
  return (
    <form action={action} onSubmit={submit} noValidate className={`form-stack ${styles.form}`} aria-label={promotion ? `Change ${promotion.code}` : 'New promotion'}>
      <input type="hidden" name="mode" value={promotion ? 'edit' : 'create'} />
      {promotion ? (
        <>
          <input type="hidden" name="code" value={promotion.code} />
          <input type="hidden" name="version" value={promotion.version} />
        </>
      ) : (
        text('code', 'Code', { help: "Up to 40 letters, digits, '-' or '_'; kept in capitals; cannot be changed later", maxLength: 40, size: 'medium' })
      )}
      {text('name', 'Name', { help: 'What customers read, e.g. Brie 10 % off', maxLength: 120 })}
      <fieldset className={styles.group}>
        <legend>Offer</legend>
        <Choice name="kind" label="Kind" value={values.kind} error={errors.kind}>
          <option value="percentOff">Percentage off</option>
          <option value="amountOff">Amount off a case</option>
          <option value="fixedPrice">Fixed price a case</option>
          <option value="buyXGetY">Buy X get Y free</option>
        </Choice>
        {text('value', 'Value', { help: 'Percentage off: e.g. 12.5. Amount off or fixed price: pounds a case, e.g. 1.50. Buy X get Y: leave empty', size: 'medium' })}
        <div className={styles.row}>
          {text('buyQuantity', 'Cases to buy', { help: 'Buy X get Y only', size: 'narrow', type: 'number' })}
          {text('freeQuantity', 'Cases free', { help: 'Buy X get Y only', size: 'narrow', type: 'number' })}
          {text('minQuantity', 'From cases', { help: 'Cases on the line before it applies', size: 'narrow', type: 'number' })}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Who and what</legend>
        <Choice name="who" label="Who may have it" value={values.who} error={errors.who}>
          <option value="all">Everyone</option>
          <option value="soldTos">The sold-tos named</option>
          <option value="groups">The customer groups named</option>
        </Choice>
        {text('audience', 'Sold-tos or groups', { help: 'Sold-to codes separated by spaces, or group names separated by commas; empty for everyone' })}
        <Choice name="what" label="On" value={values.what} error={errors.what}>
          <option value="products">The products named</option>
          <option value="categories">The categories named (and those below them)</option>
        </Choice>
        {text('targets', 'Product codes or category ids', { help: 'Separated by spaces' })}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Delivery dates (London)</legend>
        <div className={styles.row}>
          {text('validFrom', 'First day', { type: 'date', size: 'medium' })}
          {text('validTo', 'Last day', { type: 'date', size: 'medium' })}
        </div>
      </fieldset>
      {state.error ? (
        <p role="alert" className="admin-status-bad">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Saving…' : promotion ? 'Save changes' : 'Create promotion'}
      </button>
    </form>
  );
}
