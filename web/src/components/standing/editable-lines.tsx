'use client';

import { useState } from 'react';
import { LineProduct } from '@/components/cart/line-product';
import { Stepper } from '@/components/weekly/stepper';
import type { LineInput } from '@/lib/commerce/standing-line-input';
import type { EditorLine } from './editor-lines';
import cartStyles from '@/components/cart/cart.module.css';
import styles from './standing.module.css';

/**
 * Lines being changed: the quantities as typed and the lines taken out (which can be put back until saved).
 * Nothing is sent until the page's one Save, so the customer can try quantities.
 */
export function useEditableLines(lines: readonly EditorLine[]) {
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((line) => [line.code, String(line.quantity)])));
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const kept = lines.filter((line) => !removed.has(line.code));
  const quantityOf = (code: string) => quantities[code] ?? '';

  return {
    lines,
    removed,
    quantityOf,
    keptCount: kept.length,
    changed: removed.size > 0 || lines.some((line) => quantityOf(line.code).trim() !== String(line.quantity)),
    /** The kept lines as the Server Actions take them, in their order. */
    sent: (): LineInput[] => kept.map((line) => ({ productCode: line.code, productName: line.name, minimum: line.minimum, quantity: quantityOf(line.code) })),
    setQuantity: (code: string, value: string) => setQuantities((all) => ({ ...all, [code]: value })),
    setOut: (code: string, out: boolean) =>
      setRemoved((all) => {
        const next = new Set(all);
        if (out) next.add(code);
        else next.delete(code);
        return next;
      }),
    /** After a save: what was taken out is gone for good. */
    settle: () => setRemoved(new Set()),
  };
}

export type EditableLinesState = ReturnType<typeof useEditableLines>;

interface Props {
  edit: EditableLinesState;
  /** The list's accessible name. */
  label: string;
  /** Prefixes the quantity boxes' ids, so two editors never share one. */
  idPrefix: string;
  /** Said on a line taken out, e.g. "Left out of this delivery when you save." */
  leftOutText: string;
  /** A refusal about one line, shown at that line. */
  lineError?: { line: string; message: string };
}

/** Each line with its image and price, a stepper, and Remove or Put back. */
export function EditableLines({ edit, label, idPrefix, leftOutText, lineError }: Props) {
  return (
    <ul className={cartStyles.lines} aria-label={label}>
      {edit.lines.map((line) => {
        const out = edit.removed.has(line.code);
        const error = lineError?.line === line.code ? lineError.message : '';
        return (
          <li key={line.code} className={cartStyles.line} data-removed={out ? '' : undefined}>
            <LineProduct code={line.code} name={line.name} facts={[[line.brand, line.code, line.packSize].filter(Boolean).join(' · '), `${line.unitPrice} per case`]}>
              {out ? <span className={styles.why}>{leftOutText}</span> : null}
            </LineProduct>
            <div className={cartStyles.lineQuantity}>
              {out ? null : (
                <Stepper
                  id={`${idPrefix}-${line.code}`}
                  productName={line.name}
                  value={edit.quantityOf(line.code)}
                  min={line.minimum}
                  onChange={(value) => edit.setQuantity(line.code, value)}
                />
              )}
              <button type="button" className={cartStyles.linkButton} onClick={() => edit.setOut(line.code, !out)}>
                {out ? 'Put back' : 'Remove'}
                <span className="visually-hidden"> {line.name}</span>
              </button>
            </div>
            {error ? (
              <p role="alert" className={cartStyles.lineError}>
                {error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
