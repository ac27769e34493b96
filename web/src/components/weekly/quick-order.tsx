'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, useTransition, type ChangeEvent, type ClipboardEvent } from 'react';
import { FoodMarks } from '@/components/food/food-marks';
import { useNetworkFailure } from '@/components/shell/use-server-action';
import { addLinesAction, lookupProductsAction, type LookupAnswer } from '@/app/cart/quick-order/actions';
import { MAX_ORDER_LINES, MAX_ORDER_TEXT_BYTES, readOrderLines } from '@/lib/commerce/order-lines-text';
import type { SiteAvoid } from '@/lib/food/food-text';
import { appendRows, emptyRow, isBlank, rowsFromText, type QuickRow } from './quick-order-rows';
import styles from './weekly.module.css';
import { PRODUCT_CODE_PATTERN } from '@/lib/limits';

const LOOKUP_DELAY_MS = 350;
const START_ROWS = 5;

/** Looks up the codes not seen yet, a moment after typing stops, so each row shows its product. */
function useProductLookup(codes: string[]) {
  const [products, setProducts] = useState<LookupAnswer>({});
  const asked = useRef(new Set<string>());
  const wanted = codes.map((code) => code.trim()).filter((code) => PRODUCT_CODE_PATTERN.test(code));
  const key = [...new Set(wanted)].sort().join(' ');
  useEffect(() => {
    const missing = key.split(' ').filter((code) => code !== '' && !asked.current.has(code));
    if (missing.length === 0) return;
    const timer = setTimeout(() => {
      missing.forEach((code) => asked.current.add(code));
      lookupProductsAction(missing).then(
        (found) => setProducts((all) => ({ ...all, ...found })),
        () => missing.forEach((code) => asked.current.delete(code)),
      );
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return products;
}

/** Quick order (docs/decisions-left-open.md#weekly-ordering): rows of code and quantity, typed, pasted or uploaded; refused lines stay to be fixed. */
export function QuickOrder({ avoid }: { avoid?: SiteAvoid }) {
  const id = useId();
  const { callAction } = useNetworkFailure();
  const [rows, setRows] = useState<QuickRow[]>(() => Array.from({ length: START_ROWS }, emptyRow));
  const [pasted, setPasted] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const products = useProductLookup(rows.map((row) => row.code));

  const filled = rows.filter((row) => !isBlank(row));
  // A refused row waits to be fixed (editing it clears its problem): it is neither sent again nor counted.
  const addable = filled.filter((row) => !row.problem);
  const update = (key: number, change: Partial<QuickRow>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change, problem: undefined } : row)));

  const load = (text: string, origin: 'pasted' | 'file'): boolean => {
    const read = readOrderLines(text);
    if (!read.ok) {
      setNotice({ ok: false, text: read.message });
      return false;
    }
    if (read.lines.length === 0) {
      setNotice({ ok: false, text: 'No lines found: put one product code and its quantity on each line.' });
      return false;
    }
    if (filled.length + read.lines.length > MAX_ORDER_LINES) {
      setNotice({ ok: false, text: `A quick order takes at most ${MAX_ORDER_LINES} lines; the list would have ${filled.length + read.lines.length}.` });
      return false;
    }
    setRows((all) => appendRows(all, rowsFromText(read.lines, origin)));
    setNotice({ ok: true, text: `${read.lines.length} ${read.lines.length === 1 ? 'line' : 'lines'} added to the list. Check them, then add them to your cart.` });
    return true;
  };

  const pasteIntoRow = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[\r\n\t]/.test(text.trim())) return;
    event.preventDefault();
    load(text, 'pasted');
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_ORDER_TEXT_BYTES) setNotice({ ok: false, text: `${file.name} is too large for a quick order (at most ${MAX_ORDER_LINES} lines).` });
    else load(await file.text(), 'file');
    input.value = '';
  };

  const submit = () =>
    startTransition(async () => {
      setNotice(null);
      const sent = addable;
      if (sent.length === 0) {
        setNotice({ ok: false, text: filled.length > 0 ? 'Fix or remove the lines marked below first.' : 'Enter at least one product code and quantity.' });
        return;
      }
      const answer = await callAction(() => addLinesAction(sent.map((row) => ({ code: row.code.trim(), quantity: row.quantity.trim() }))));
      if (!answer) return;
      if (!answer.ok) {
        setNotice({ ok: false, text: answer.message });
        return;
      }
      const refused = new Map(answer.problems.map((problem) => [sent[problem.line - 1]?.key, problem.message]));
      // Added rows go; refused ones stay with their reason, shown at the row and in the list of lines not added.
      setRows((all) => [...all.filter((row) => row.problem || refused.has(row.key)).map((row) => ({ ...row, problem: refused.get(row.key) ?? row.problem })), emptyRow()]);
      const cases = answer.addedUnits === 1 ? '1 case' : `${answer.addedUnits} cases`;
      setNotice(
        answer.addedLines > 0
          ? { ok: true, text: `Added ${answer.addedLines} ${answer.addedLines === 1 ? 'line' : 'lines'} (${cases}) to your cart.` }
          : { ok: false, text: 'Nothing was added to your cart.' },
      );
    });

  const problems = rows.map((row, index) => ({ row, number: index + 1 })).filter(({ row }) => row.problem);

  return (
    <div>
      <div className={styles.panels}>
        <section className={styles.panel} aria-labelledby={`${id}-paste`}>
          <h2 id={`${id}-paste`}>Paste lines</h2>
          <label htmlFor={`${id}-paste-text`} className={styles.muted}>
            One product per line: code and quantity, separated by a tab, comma, semicolon or spaces (copied from a spreadsheet or an e-mail). A
            header row is ignored.
          </label>
          <textarea id={`${id}-paste-text`} className={styles.textarea} value={pasted} onChange={(event) => setPasted(event.target.value)} spellCheck={false} />
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => load(pasted, 'pasted') && setPasted('')} disabled={pasted.trim() === ''}>
              Add pasted lines to the list
            </button>
          </div>
        </section>
        <section className={styles.panel} aria-labelledby={`${id}-upload`}>
          <h2 id={`${id}-upload`}>Upload a CSV file</h2>
          <label htmlFor={`${id}-file`} className={styles.muted}>
            The same format: product code, then quantity. A cart’s Export CSV can be uploaded again as it is.
          </label>
          <input id={`${id}-file`} type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(event) => void upload(event)} />
        </section>
      </div>

      <p role="status" className={notice?.ok === false ? styles.error : styles.status}>
        {notice?.text ?? ''}
        {notice?.ok && notice.text.startsWith('Added') ? (
          <>
            {' '}
            <Link href="/cart/">Go to cart</Link>
          </>
        ) : null}
      </p>

      {problems.length > 0 ? (
        <div className={styles.problems} role="alert" aria-labelledby={`${id}-problems`}>
          <strong id={`${id}-problems`}>
            {problems.length === 1 ? '1 line was not added' : `${problems.length} lines were not added`}
          </strong>
          <ul>
            {problems.map(({ row, number }) => (
              <li key={row.key}>
                Line {number}
                {row.source ? ` (${row.source})` : ''}: {row.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <ol className={styles.quickTable} aria-label="Quick order lines">
        {rows.map((row, index) => {
          const number = index + 1;
          const product = products[row.code.trim()];
          return (
            <li key={row.key} className={styles.quickRow} data-problem={row.problem ? '' : undefined}>
              <span className={styles.lineNumber} aria-hidden="true">
                {number}
              </span>
              <div className={styles.quickCode}>
                <label htmlFor={`${id}-code-${row.key}`} className="visually-hidden">
                  Product code, line {number}
                </label>
                <input
                  id={`${id}-code-${row.key}`}
                  value={row.code}
                  placeholder="Code"
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => update(row.key, { code: event.target.value })}
                  onPaste={pasteIntoRow}
                  aria-invalid={row.problem ? true : undefined}
                  aria-describedby={row.problem ? `${id}-problem-${row.key}` : undefined}
                />
              </div>
              <div className={styles.quickQty}>
                <label htmlFor={`${id}-qty-${row.key}`} className="visually-hidden">
                  Quantity, line {number}
                </label>
                <input
                  id={`${id}-qty-${row.key}`}
                  value={row.quantity}
                  placeholder="Qty"
                  inputMode="numeric"
                  autoComplete="off"
                  onChange={(event) => update(row.key, { quantity: event.target.value })}
                />
              </div>
              <div className={styles.quickInfo} aria-live="polite">
                {row.code.trim() === '' ? null : product === undefined ? (
                  <span className={styles.muted}>…</span>
                ) : product === null ? (
                  <span className={styles.reason}>Unknown code for this account</span>
                ) : (
                  <div>
                    <strong>{product.name}</strong>{' '}
                    <span className={styles.muted}>
                      {product.brand} · {product.packSize}
                      {product.price ? ` · ${product.price} per case` : ''}
                      {product.minOrderQuantity > 1 ? ` · minimum ${product.minOrderQuantity}` : ''}
                      {product.purchasable ? '' : ' · no longer sold'}
                    </span>
                    <FoodMarks marks={product.foodMarks} avoid={avoid} />
                  </div>
                )}
              </div>
              <button
                type="button"
                className={`${styles.linkButton} ${styles.quickRemove}`}
                onClick={() => setRows((all) => (all.length === 1 ? [emptyRow()] : all.filter((candidate) => candidate.key !== row.key)))}
              >
                Remove<span className="visually-hidden"> line {number}</span>
              </button>
              {row.problem ? (
                <p id={`${id}-problem-${row.key}`} className={`${styles.error} ${styles.quickError}`}>
                  {row.problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => setRows((all) => [...all, emptyRow()])} disabled={rows.length >= MAX_ORDER_LINES}>
          Add a row
        </button>
        <button type="button" className={styles.primary} onClick={submit} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Adding…' : `Add ${addable.length} ${addable.length === 1 ? 'line' : 'lines'} to cart`}
        </button>
      </div>
    </div>
  );
}
