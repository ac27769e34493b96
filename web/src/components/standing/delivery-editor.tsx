'use client';

import Link from 'next/link';
import { useState, useTransition } from 'react';
import { saveDeliveryLinesAction } from '@/app/account/standing-orders/actions';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { Stepper } from '@/components/weekly/stepper';
import { productHref, productImageSrc } from '@/lib/commerce/product-text';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';

export interface EditorLine {
  code: string;
  name: string;
  brand?: string;
  packSize: string;
  minimum: number;
  quantity: number;
  unitPrice: string;
}

interface Props {
  standingCode: string;
  date: string;
  lines: EditorLine[];
}

type Outcome = { ok: true } | { ok: false; message: string; line?: string } | null;

/**
 * One delivery's lines, changed for this delivery only: steppers, Remove (and Put back until saved), one Save.
 * Nothing is saved until Save, so the customer can try quantities; what is typed stays next to any refusal.
 */
export function DeliveryEditor({ standingCode, date, lines }: Props) {
  const { callAction, showNetworkError } = useNetworkFailure();
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((line) => [line.code, String(line.quantity)])));
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, startTransition] = useTransition();
  const kept = lines.filter((line) => !removed.has(line.code));
  const changed = removed.size > 0 || lines.some((line) => (quantities[line.code] ?? '').trim() !== String(line.quantity));

  const setRemovedLine = (code: string, out: boolean) =>
    setRemoved((all) => {
      const next = new Set(all);
      if (out) next.add(code);
      else next.delete(code);
      return next;
    });

  const save = () =>
    startTransition(async () => {
      const sent = kept.map((line) => ({ productCode: line.code, productName: line.name, minimum: line.minimum, quantity: quantities[line.code] ?? '' }));
      const answer = await callAction(() => saveDeliveryLinesAction(standingCode, date, sent));
      if (!answer) return;
      if (!answer.ok && answer.network) {
        showNetworkError();
        return;
      }
      if (answer.ok) setRemoved(new Set());
      setOutcome(answer);
    });

  return (
    <div className={styles.controls}>
      <ul className={cartStyles.lines} aria-label="Lines of this delivery">
        {lines.map((line) => {
          const out = removed.has(line.code);
          const lineError = outcome && !outcome.ok && outcome.line === line.code ? outcome.message : '';
          return (
            <li key={line.code} className={cartStyles.line} data-removed={out ? '' : undefined}>
              <div className={cartStyles.lineImage}>
                <img src={productImageSrc(line.code)} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </div>
              <div className={cartStyles.lineInfo}>
                <Link href={productHref(line.code)} prefetch={false} className={cartStyles.lineName}>
                  {line.name}
                </Link>
                <span className={cartStyles.muted}>{[line.brand, line.code, line.packSize].filter(Boolean).join(' · ')}</span>
                <span className={cartStyles.muted}>{line.unitPrice} per case</span>
                {out ? <span className={styles.why}>Left out of this delivery when you save.</span> : null}
              </div>
              <div className={cartStyles.lineQuantity}>
                {out ? null : (
                  <Stepper
                    id={`delivery-qty-${line.code}`}
                    productName={line.name}
                    value={quantities[line.code] ?? ''}
                    min={line.minimum}
                    onChange={(value) => setQuantities((all) => ({ ...all, [line.code]: value }))}
                  />
                )}
                <button type="button" className={cartStyles.linkButton} onClick={() => setRemovedLine(line.code, !out)}>
                  {out ? 'Put back' : 'Remove'}
                  <span className="visually-hidden"> {line.name}</span>
                </button>
              </div>
              {lineError ? (
                <p role="alert" className={cartStyles.lineError}>
                  {lineError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className={styles.editorActions}>
        <button type="button" className={cartStyles.primary} onClick={save} disabled={pending || !changed || kept.length === 0} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : 'Save changes for this delivery'}
        </button>
        <p role="status" className={outcome && !outcome.ok && !outcome.line ? cartStyles.fieldError : cartStyles.hint}>
          {kept.length === 0
            ? 'Every line is removed: put one back, or skip this delivery instead.'
            : outcome?.ok && !changed
              ? 'Saved for this delivery. Your standing order keeps its own lines.'
              : outcome && !outcome.ok && !outcome.line
                ? outcome.message
                : ''}
        </p>
      </div>
    </div>
  );
}
