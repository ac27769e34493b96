'use client';

import Link from 'next/link';
import { useEffect, useState, useTransition } from 'react';
import { checkOrderChanges, findOrderProduct, saveOrderChanges, type SaveOrderAnswer } from '@/app/account/orders/change-actions';
import { amendmentNotice, type AmendmentNotice } from '@/lib/commerce/amend-check';
import { CartTotals } from '@/components/cart/cart-totals';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { Stepper } from '@/components/weekly/stepper';
import { orderChangeProblem } from '@/lib/commerce/order-change-schema';
import { productImageSrc } from '@/lib/commerce/product-text';
import type { Order } from '@/lib/commerce/types';
import styles from '@/components/cart/cart.module.css';
import orderStyles from './orders.module.css';
import { LIMITS } from '@/lib/limits';

interface EditLine {
  code: string;
  name: string;
  packSize: string;
  unitPrice: string;
  /** The saved line's total; null for a line added or changed since the last save. */
  lineTotal: string | null;
  minimum: number;
  quantity: string;
}

interface Form {
  lines: EditLine[];
  purchaseOrderNumber: string;
  deliveryInstructions: string;
}

type Problem = Extract<SaveOrderAnswer, { ok: false }>;

const formOf = (order: Order): Form => ({
  lines: order.entries.map((entry) => ({
    code: entry.product.code,
    name: entry.product.name,
    packSize: entry.product.packSize,
    unitPrice: entry.basePrice.formattedValue,
    lineTotal: entry.totalPrice.formattedValue,
    minimum: 1,
    quantity: String(entry.quantity),
  })),
  purchaseOrderNumber: order.purchaseOrderNumber ?? '',
  deliveryInstructions: order.deliveryInstructions ?? '',
});

const sameForm = (a: Form, b: Form) => JSON.stringify(a) === JSON.stringify(b);

/** Asks before leaving with changes not saved, as the cart does. */
function useUnsavedWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/**
 * A placed order's lines, quantities, PO number and instructions, edited in the page and saved with one
 * button: the API reprices the order at today's prices and the totals shown are its answer. A refusal (a line,
 * the cut-off passing meanwhile) is shown with everything typed kept.
 */
export function OrderEditor({ order: initial }: { order: Order }) {
  const [order, setOrder] = useState(initial);
  const [saved, setSaved] = useState(() => formOf(initial));
  const [form, setForm] = useState(saved);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState('');
  // What saving the form as it stands would do to the approval, asked before saving; any edit asks again.
  const [approvalNotice, setApprovalNotice] = useState<{ form: Form; notice: AmendmentNotice | null } | null>(null);
  const [saving, startSaving] = useTransition();
  const { callAction, showNetworkError } = useNetworkFailure();
  const unsaved = !sameForm(form, saved);
  useUnsavedWarning(unsaved);

  const edit = (change: (current: Form) => Form) => {
    setForm(change);
    setNotice('');
    setApprovalNotice(null);
  };
  const setLine = (code: string, quantity: string) =>
    edit((current) => ({ ...current, lines: current.lines.map((line) => (line.code === code ? { ...line, quantity, lineTotal: null } : line)) }));
  const removeLine = (code: string) => edit((current) => ({ ...current, lines: current.lines.filter((line) => line.code !== code) }));
  const addLine = (line: EditLine) =>
    edit((current) => {
      const existing = current.lines.find((candidate) => candidate.code === line.code);
      if (!existing) return { ...current, lines: [...current.lines, line] };
      const quantity = String((Number(existing.quantity) || 0) + Number(line.quantity));
      return { ...current, lines: current.lines.map((candidate) => (candidate === existing ? { ...existing, quantity, lineTotal: null } : candidate)) };
    });

  const save = () =>
    startSaving(async () => {
      const input = { lines: form.lines.map(({ code, name, quantity }) => ({ code, name, quantity })), purchaseOrderNumber: form.purchaseOrderNumber, deliveryInstructions: form.deliveryInstructions };
      const local = orderChangeProblem(input);
      if (local) {
        setProblem({ ok: false, ...local });
        return;
      }
      // A change that puts the order on hold is said first and saved only on a second, informed click.
      const known = approvalNotice && sameForm(approvalNotice.form, form) ? approvalNotice.notice : undefined;
      if (known === undefined) {
        const check = await callAction(() => checkOrderChanges(order.code, input));
        if (!check) return;
        if (!check.ok) {
          if (check.network) showNetworkError();
          else setProblem(check);
          return;
        }
        const next = amendmentNotice(check.check);
        setApprovalNotice({ form, notice: next });
        setProblem(null);
        if (next?.confirm) return;
      }
      const answer = await callAction(() => saveOrderChanges(order.code, input));
      if (!answer) return;
      if (!answer.ok) {
        if (answer.network) showNetworkError();
        else setProblem(answer);
        return;
      }
      const next = formOf(answer.order);
      setOrder(answer.order);
      setSaved(next);
      setForm(next);
      setProblem(null);
      setApprovalNotice(null);
      setNotice(savedText(answer.order.status));
    });

  const shownNotice = approvalNotice && sameForm(approvalNotice.form, form) ? approvalNotice.notice : null;
  const lineProblem = (index: number) => (problem?.line === index ? problem.message : '');
  const fieldProblem = problem?.field ? problem.message : '';
  const formProblem = problem && problem.line === undefined && !problem.field ? problem.message : '';

  return (
    <form
      className={styles.layout}
      aria-label={`Edit order ${order.code}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) save();
      }}
    >
      <div className={orderStyles.editMain}>
        <ul className={styles.lines} aria-label="Order lines">
          {form.lines.map((line, index) => (
            <li key={line.code} className={styles.line}>
              <div className={styles.lineImage}>
                <img src={productImageSrc(line.code)} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </div>
              <div className={styles.lineInfo}>
                <span className={styles.lineName}>{line.name}</span>
                <span className={styles.muted}>
                  {line.code} · {line.packSize}
                </span>
                <span className={styles.muted}>{line.unitPrice} per case</span>
              </div>
              <div className={styles.lineQuantity}>
                <Stepper id={`order-qty-${line.code}`} productName={line.name} value={line.quantity} min={1} onChange={(value) => setLine(line.code, value)} />
                <button type="button" className={styles.linkButton} onClick={() => removeLine(line.code)}>
                  Remove<span className="visually-hidden"> {line.name}</span>
                </button>
              </div>
              <p className={styles.lineTotal}>
                <span className={styles.muted}>Line total</span> {line.lineTotal ?? 'on save'}
              </p>
              {lineProblem(index) ? (
                <p role="alert" className={styles.lineError}>
                  {lineProblem(index)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {form.lines.length === 0 ? <p className={styles.muted}>No lines left. Add a product, or cancel the order from its page.</p> : null}
        <AddByCode onAdd={addLine} />
        <div className={styles.field}>
          <label htmlFor="purchaseOrderNumber">Purchase order number{order.shipTo?.purchaseOrderRequired ? '' : ' (optional)'}</label>
          <input
            id="purchaseOrderNumber"
            type="text"
            autoComplete="off"
            maxLength={LIMITS.purchaseOrderNumber}
            value={form.purchaseOrderNumber}
            aria-invalid={problem?.field === 'purchaseOrderNumber' || undefined}
            onChange={(event) => edit((current) => ({ ...current, purchaseOrderNumber: event.target.value }))}
          />
          {problem?.field === 'purchaseOrderNumber' ? <p className={styles.fieldError}>{fieldProblem}</p> : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="deliveryInstructions">Delivery instructions (optional)</label>
          <textarea
            id="deliveryInstructions"
            maxLength={LIMITS.deliveryInstructions}
            value={form.deliveryInstructions}
            aria-invalid={problem?.field === 'deliveryInstructions' || undefined}
            onChange={(event) => edit((current) => ({ ...current, deliveryInstructions: event.target.value }))}
          />
          {problem?.field === 'deliveryInstructions' ? <p className={styles.fieldError}>{fieldProblem}</p> : null}
        </div>
      </div>
      <aside className={styles.summary} aria-label="Order summary">
        <h2>Totals</h2>
        <CartTotals cart={order} />
        <p className={styles.hint}>{unsaved ? 'You have changes not saved yet: the totals are worked out from today’s prices when you save.' : 'As saved.'}</p>
        {formProblem ? (
          <p role="alert" className={styles.fieldError}>
            {formProblem}
          </p>
        ) : null}
        {shownNotice ? <ApprovalNotice notice={shownNotice} /> : null}
        <p role="status" className={styles.saveNote}>
          {notice}
        </p>
        <button type="submit" className={styles.primary} aria-disabled={saving || undefined} aria-busy={saving || undefined}>
          {saving ? 'Saving…' : shownNotice?.confirm ? 'Save and ask for approval' : 'Save changes'}
        </button>
        <Link href={`/account/orders/${encodeURIComponent(order.code)}/`}>Back to order {order.code}</Link>
      </aside>
    </form>
  );
}

const savedText = (status: string): string =>
  status === 'pendingApproval'
    ? 'Changes saved. The order waits for approval; the totals are worked out again at today’s prices.'
    : 'Changes saved. The totals are worked out again at today’s prices.';

/** What saving does to the order's approval, said before saving: why, who decides, by when, and what if nobody does. */
function ApprovalNotice({ notice }: { notice: AmendmentNotice }) {
  return (
    <section className={styles.approvalNotice} role={notice.confirm ? 'alert' : 'status'} aria-labelledby="amend-approval-title">
      <h3 id="amend-approval-title">{notice.title}</h3>
      {notice.why.length > 0 ? (
        <ul>
          {notice.why.map((why) => (
            <li key={why}>{why}</li>
          ))}
        </ul>
      ) : null}
      {notice.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {notice.confirm ? <p>Save again to send it for approval, or change the order to stay within the limit.</p> : null}
    </section>
  );
}

/** Adds a product by its code, at its minimum (or one) case; a product already in the order gets that many more. */
function AddByCode({ onAdd }: { onAdd: (line: EditLine) => void }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [looking, startLooking] = useTransition();
  const { callAction, showNetworkError } = useNetworkFailure();

  const add = () =>
    startLooking(async () => {
      const answer = await callAction(() => findOrderProduct(code));
      if (!answer) return;
      if (!answer.ok) {
        if (answer.network) showNetworkError();
        else setMessage(answer.message);
        return;
      }
      const { product } = answer;
      onAdd({ ...product, lineTotal: null, quantity: String(Math.max(1, product.minimum)) });
      setCode('');
      setMessage(`Added ${product.name}`);
    });

  return (
    <div className={styles.panelForm}>
      <label htmlFor="add-product-code">Add a product by code</label>
      <div className={styles.inline}>
        <input
          id="add-product-code"
          type="text"
          autoComplete="off"
          maxLength={LIMITS.productCode}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the product rather than saving the whole order.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!looking && code.trim()) add();
          }}
        />
        <button type="button" aria-disabled={looking || undefined} onClick={() => !looking && code.trim() && add()}>
          {looking ? 'Finding…' : 'Add'}
        </button>
      </div>
      <p role="status" className={styles.muted}>
        {message}
      </p>
    </div>
  );
}
