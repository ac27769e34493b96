'use client';

import Link from 'next/link';
import { useId, useMemo, useState, useTransition, type ReactNode } from 'react';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { saveParLevelAction } from '@/app/account/usual/actions';
import { addLinesAction } from '@/app/cart/quick-order/actions';
import { productHref } from '@/lib/commerce/product-text';
import { shelfLifeText } from '@/lib/commerce/product-facts';
import type { BulkProblem, GuideLine } from '@/lib/commerce/weekly-schemas';
import { Stepper } from './stepper';
import { startingQuantity } from './usual-quantity';
import styles from './weekly.module.css';

export interface UsualLine extends GuideLine {
  /** "Ordered 3 times, last on 12 Nov" in London time, formatted on the server. */
  history: string;
  /** The product's allergen and dietary marks with the site's warnings, drawn on the server (FoodMarks). */
  marks: ReactNode;
}

const REASON_TEXT: Record<NonNullable<GuideLine['unavailableReason']>, string> = {
  discontinued: 'No longer sold',
  outOfStock: 'Out of stock',
};

const matches = (line: GuideLine, filter: string) => {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${line.product.name} ${line.product.brand} ${line.product.code} ${line.product.packSize}`.toLowerCase();
  return words.every((word) => text.includes(word));
};

/** The "Usual items" list: steppers per line, a filter, par levels, and one button that adds every chosen line. */
export function UsualItems({ lines }: { lines: UsualLine[] }) {
  const id = useId();
  const { callAction } = useNetworkFailure();
  const [filter, setFilter] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((line) => [line.product.code, String(startingQuantity(line))])));
  const [chosen, setChosen] = useState<Record<string, boolean>>(() => Object.fromEntries(lines.map((line) => [line.product.code, line.unavailableReason === null])));
  const [problems, setProblems] = useState<Record<string, BulkProblem>>({});
  const [status, setStatus] = useState('');
  const [pending, startTransition] = useTransition();

  const shown = useMemo(() => lines.filter((line) => matches(line, filter)), [lines, filter]);
  const toAdd = shown.filter((line) => line.unavailableReason === null && chosen[line.product.code]);

  const addChosen = () =>
    startTransition(async () => {
      setStatus('');
      const sent = toAdd.map((line) => ({ code: line.product.code, quantity: (quantities[line.product.code] ?? '').trim() }));
      const answer = await callAction(() => addLinesAction(sent));
      if (!answer) return;
      if (!answer.ok) {
        setStatus(answer.message);
        return;
      }
      setProblems(Object.fromEntries(answer.problems.map((problem) => [problem.code, problem])));
      const cases = answer.addedUnits === 1 ? '1 case' : `${answer.addedUnits} cases`;
      const refused = answer.problems.length > 0 ? ` ${answer.problems.length} could not be added: see the lines marked below.` : '';
      setStatus(answer.addedLines > 0 ? `Added ${answer.addedLines} ${answer.addedLines === 1 ? 'line' : 'lines'} (${cases}) to your cart.${refused}` : `Nothing was added.${refused}`);
    });

  return (
    <div>
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <label htmlFor={`${id}-filter`}>Filter your usual items</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="Name, brand or code" autoComplete="off" />
        </div>
        <button type="button" className={styles.primary} onClick={addChosen} disabled={pending || toAdd.length === 0} aria-busy={pending || undefined}>
          {pending ? 'Adding…' : `Add ${toAdd.length} chosen ${toAdd.length === 1 ? 'line' : 'lines'} to cart`}
        </button>
      </div>
      <p role="status" className={styles.status}>
        {status}
        {status.startsWith('Added') ? (
          <>
            {' '}
            <Link href="/cart/">Go to cart</Link>
          </>
        ) : null}
      </p>
      {shown.length === 0 ? <p>No usual item matches “{filter}”.</p> : null}
      <ul className={styles.rows} aria-label="Usual items">
        {shown.map((line) => (
          <UsualRow
            key={line.product.code}
            line={line}
            quantity={quantities[line.product.code] ?? ''}
            onQuantity={(value) => setQuantities((all) => ({ ...all, [line.product.code]: value }))}
            chosen={chosen[line.product.code] ?? false}
            onChosen={(value) => setChosen((all) => ({ ...all, [line.product.code]: value }))}
            problem={problems[line.product.code]}
          />
        ))}
      </ul>
    </div>
  );
}

interface RowProps {
  line: UsualLine;
  quantity: string;
  onQuantity: (value: string) => void;
  chosen: boolean;
  onChosen: (value: boolean) => void;
  problem?: BulkProblem;
}

function UsualRow({ line, quantity, onQuantity, chosen, onChosen, problem }: RowProps) {
  const { product } = line;
  const unavailable = line.unavailableReason;
  const base = `usual-${product.code}`;
  return (
    <li className={styles.row} data-unavailable={unavailable ? '' : undefined} aria-labelledby={`${base}-name`}>
      <input
        id={`${base}-check`}
        type="checkbox"
        className={styles.check}
        checked={chosen && !unavailable}
        disabled={unavailable !== null}
        onChange={(event) => onChosen(event.target.checked)}
        aria-label={`Add ${product.name}`}
      />
      <div className={styles.info}>
        <Link id={`${base}-name`} href={productHref(product.code)} prefetch={false} className={styles.name}>
          {product.name}
        </Link>
        <span className={styles.muted}>
          {product.brand} · {product.code} · {product.packSize}
        </span>
        <span className={styles.muted}>
          {product.storageText} · {shelfLifeText(product.shelfLifeDays)}
        </span>
        <span className={styles.muted}>
          {line.history}
          {product.price ? ` · ${product.price.formattedValue} per ${product.salesUnit}` : ''}
        </span>
        {line.marks}
        {unavailable ? <span className={styles.reason}>{REASON_TEXT[unavailable]}</span> : null}
        {problem ? (
          <p className={styles.error} role="alert">
            {problem.message}
          </p>
        ) : null}
      </div>
      <div className={styles.qty}>
        <Stepper id={`${base}-qty`} productName={product.name} value={quantity} onChange={onQuantity} min={product.minOrderQuantity} disabled={unavailable !== null} />
      </div>
      <div className={styles.extra}>
        <ParLevel productCode={product.code} productName={product.name} parLevel={line.parLevel} onSaved={onQuantity} />
      </div>
    </li>
  );
}

interface ParLevelProps {
  productCode: string;
  productName: string;
  parLevel: number | null;
  /** A saved par level becomes the line's quantity: the quantity shown is what "Add chosen lines" adds. */
  onSaved: (parLevel: string) => void;
}

function ParLevel({ productCode, productName, parLevel, onSaved }: ParLevelProps) {
  const { callAction } = useNetworkFailure();
  const [value, setValue] = useState(parLevel === null ? '' : String(parLevel));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const inputId = `par-${productCode}`;
  const save = () =>
    startTransition(async () => {
      const answer = await callAction(() => saveParLevelAction(productCode, value));
      if (!answer) return;
      const saved = value.trim();
      if (answer.ok && saved !== '') onSaved(String(Number(saved)));
      setMessage(answer.ok ? { ok: true, text: saved === '' ? 'Par level cleared' : 'Par level saved' } : { ok: false, text: answer.message });
    });
  return (
    <div className={styles.par}>
      <label htmlFor={inputId} className={styles.muted}>
        Par level<span className="visually-hidden"> of {productName}</span>
      </label>
      <input id={inputId} type="text" inputMode="numeric" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={message?.ok === false || undefined} />
      <button type="button" className={styles.secondary} onClick={save} disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
        <span className="visually-hidden"> par level of {productName}</span>
      </button>
      <span role="status" className={message?.ok === false ? styles.error : styles.muted}>
        {message?.text ?? ''}
      </span>
    </div>
  );
}
