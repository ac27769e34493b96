'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { importReportSchema, type ImportReport } from '@/lib/admin/admin-schemas';

const answerSchema = z.union([z.object({ report: importReportSchema }), z.object({ error: z.string() })]);

type Step = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'report'; report: ImportReport } | { kind: 'failed'; message: string };

const KIND_LABELS: Record<string, string> = {
  categories: 'Categories',
  products: 'Products',
  prices: 'Customer prices',
  customers: 'Customers (sold-tos, ship-tos, users)',
  promotions: 'Promotions',
  datedPrices: 'Prices by delivery date',
  volumeTiers: 'Volume breaks',
};

async function upload(kind: string, file: File, dryRun: boolean): Promise<Step> {
  const query = new URLSearchParams({ kind, dryRun: String(dryRun), fileName: file.name });
  try {
    const response = await fetch(`/admin/imports/upload/?${query.toString()}`, { method: 'POST', body: file, headers: { 'content-type': 'application/octet-stream' } });
    const parsed = answerSchema.safeParse(await response.json());
    if (!parsed.success) return { kind: 'failed', message: `The import failed (${response.status})` };
    return 'report' in parsed.data ? { kind: 'report', report: parsed.data.report } : { kind: 'failed', message: parsed.data.error };
  } catch {
    return { kind: 'failed', message: 'Temporary network error: please try again. Nothing was written.' };
  }
}

function Report({ report }: { report: ImportReport }) {
  const heading =
    report.outcome === 'applied'
      ? `Imported: ${report.inserted} new, ${report.updated} changed, ${report.unchanged} unchanged${report.invited > 0 ? `; ${report.invited} invited by e-mail` : ''}`
      : report.outcome === 'refused'
        ? 'Nothing was written: fix the rows below and try again'
        : report.problems.length === 0
          ? `All ${report.valid} rows are valid: apply the file to import them`
          : `${report.refused} of ${report.rows} rows would be refused: fix them, then check again`;
  return (
    <section className="admin-section" aria-live="polite" data-testid="import-report">
      <h2 className={report.problems.length > 0 ? 'admin-status-bad' : 'admin-status-ok'}>{heading}</h2>
      <p>
        {report.fileName}: {report.rows} rows, {report.valid} valid, {report.refused} refused.
      </p>
      {report.problems.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Refused rows</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.slice(0, 500).map((problem, index) => (
                <tr key={`${problem.line}-${problem.column}-${index}`}>
                  <td data-label="Line">{problem.line === 0 ? 'file' : problem.line}</td>
                  <td data-label="Column">{problem.column}</td>
                  <td data-label="Reason">{problem.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.problems.length > 500 ? <p>… and {report.problems.length - 500} more.</p> : null}
    </section>
  );
}

/**
 * Upload, check (a dry run that writes nothing), then apply: the apply button only appears once the very file
 * chosen has been checked and every row is valid. Choosing another file or kind starts again.
 */
export function ImportUploader({ kinds }: { kinds: string[] }) {
  const router = useRouter();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState(kinds[0] ?? '');
  const [file, setFile] = useState<File | undefined>();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const checkedClean = step.kind === 'report' && step.report.dryRun && step.report.problems.length === 0;

  const run = (dryRun: boolean) => {
    if (!file) {
      setStep({ kind: 'failed', message: 'Choose a file first' });
      fileInput.current?.focus();
      return;
    }
    setStep({ kind: 'busy', what: dryRun ? 'Checking the file…' : 'Importing…' });
    void upload(kind, file, dryRun).then((next) => {
      setStep(next);
      if (next.kind === 'report') router.refresh();
    });
  };

  return (
    <div className="admin-section">
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          run(true);
        }}
      >
        <label htmlFor={`${id}-kind`}>
          What the file holds
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value);
              setStep({ kind: 'idle' });
            }}
          >
            {kinds.map((name) => (
              <option key={name} value={name}>
                {KIND_LABELS[name] ?? name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-file`}>
          File (CSV with a header row, or JSON)
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setStep({ kind: 'idle' });
            }}
          />
        </label>
        <button type="submit" className="button button-secondary" disabled={step.kind === 'busy'}>
          Check file
        </button>
        {checkedClean ? (
          <button type="button" className="button button-primary" onClick={() => run(false)}>
            Apply import
          </button>
        ) : null}
      </form>
      {step.kind === 'busy' ? (
        <p role="status" aria-live="polite">
          {step.what}
        </p>
      ) : null}
      {step.kind === 'failed' ? (
        <p role="alert" className="admin-status-bad">
          {step.message}
        </p>
      ) : null}
      {step.kind === 'report' ? <Report report={step.report} /> : null}
    </div>
  );
}
