import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminLoadFailed, formatDateTime } from '@/components/admin/admin-parts';
import { CreditDecisionForm, type DecisionFormLine } from '@/components/credits/credit-decision-form';
import { CreditLines } from '@/components/credits/credit-lines';
import { CreditStatusBadge } from '@/components/credits/credit-status-badge';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { adminCreditRequestSchema, CREDIT_CODE, creditStatusLabel, type CreditLine } from '@/lib/commerce/credits';
import styles from '@/components/credits/credits.module.css';

export const metadata: Metadata = { title: 'Credit request' };

/**
 * The lines as the decision form prices a part of them (the API's unit price and VAT rate of each order line),
 * each named with its product code as well, so every field's label is unique: two lines can be products of one name.
 */
const decisionLines = (lines: CreditLine[]): DecisionFormLine[] =>
  lines.map((line) => ({
    entryNumber: line.entryNumber,
    name: `${line.product.name} (${line.product.code})`,
    quantity: line.quantity,
    unitPricePence: line.unitPrice?.valuePence ?? 0,
    vatRateBp: line.vatRateBp ?? 0,
  }));

/** One credit request: who asked for what and why, the photos taken at the door, and the decision (once). */
export default async function AdminCreditPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperator(SERVICE_ROLES);
  const { code } = await params;
  const justDecided = (await searchParams).decided !== undefined;
  if (!CREDIT_CODE.test(code)) notFound();
  const result = await adminCall(adminCreditRequestSchema, `/creditrequests/${encodeURIComponent(code)}`);
  if (!result.ok && (result.error.status === 404 || result.error.status === 400)) notFound();
  return (
    <div className="admin-page">
      <p>
        <Link href="/admin/credits/">← All credit requests</Link>
      </p>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <h1>Credit request {result.data.code}</h1>
          {justDecided && result.data.status !== 'requested' ? (
            <p role="status" className="admin-notice">
              Credit request {result.data.code} is now {creditStatusLabel(result.data.status).toLowerCase()}. The customer has been told by e-mail.
            </p>
          ) : null}
          <section className="admin-section" aria-label="Credit request details">
            <dl className="admin-facts">
              <dt>Status</dt>
              <dd>
                <CreditStatusBadge status={result.data.status} />
              </dd>
              <dt>Order</dt>
              <dd>
                <Link href={`/admin/orders/${encodeURIComponent(result.data.orderCode)}/`}>{result.data.orderCode}</Link>
              </dd>
              <dt>Ship-to</dt>
              <dd>
                {result.data.shipTo.name} ({result.data.shipTo.code}), sold-to {result.data.soldTo}
              </dd>
              <dt>Checked in</dt>
              <dd>
                {formatDateTime(result.data.createdAt)} by {result.data.requestedBy.name}
                {result.data.requestedBy.email ? ` (${result.data.requestedBy.email})` : ''}
              </dd>
              <dt>Requested amount</dt>
              <dd>
                <strong>{result.data.gross.formattedValue}</strong> (net {result.data.net.formattedValue}, VAT {result.data.vat.formattedValue})
              </dd>
              {result.data.decision ? (
                <>
                  <dt>Credited</dt>
                  <dd>
                    <strong>{result.data.credited?.formattedValue ?? '—'}</strong>
                  </dd>
                  <dt>Decided</dt>
                  <dd>
                    {result.data.decision.decidedAt ? formatDateTime(result.data.decision.decidedAt) : '—'}
                    {result.data.decidedBy ? ` by ${result.data.decidedBy.replace(/^(operator|client):/, '')}` : ''}
                  </dd>
                  <dt>Note</dt>
                  <dd className={styles.note}>{result.data.decision.note ?? '—'}</dd>
                  <dt>Credit note</dt>
                  <dd>{result.data.decision.creditNoteNumber ?? '—'}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <h2>Lines</h2>
          <CreditLines lines={result.data.lines} label={`Lines of credit request ${result.data.code}`} />
          <section className="admin-section" aria-labelledby="credit-photos">
            <h2 id="credit-photos">Photos from the check-in</h2>
            {result.data.photos.length === 0 ? (
              <p>No photos were taken.</p>
            ) : (
              <ul className={styles.photos}>
                {result.data.photos.map((photo, index) => {
                  const href = `/admin/credits/${encodeURIComponent(result.data.code)}/photos/${photo.id}`;
                  return (
                    <li key={photo.id}>
                      <a href={href} target="_blank" rel="noopener">
                        <img src={href} alt={`Photo ${index + 1} of ${result.data.photos.length} from the check-in`} width={photo.width} height={photo.height} loading="lazy" />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section className="admin-section" aria-labelledby="credit-decide">
            <h2 id="credit-decide">Decision</h2>
            {result.data.status === 'requested' ? (
              <CreditDecisionForm code={result.data.code} requested={result.data.gross.formattedValue} lines={decisionLines(result.data.lines)} />
            ) : (
              <p>This credit request is decided: a decision is final.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
