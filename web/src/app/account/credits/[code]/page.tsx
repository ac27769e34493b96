import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { LoadFailed } from '@/components/catalogue/load-failed';
import { CreditLines } from '@/components/credits/credit-lines';
import { CreditStatusBadge } from '@/components/credits/credit-status-badge';
import { formatLondonInstant, formatShortDate } from '@/lib/commerce/dates';
import { findCreditRequest, outcomeText } from '@/lib/commerce/credits';
import { getCheckin } from '@/lib/commerce/checkin';
import { checkinPhotoHref } from '@/lib/commerce/checkin-labels';
import pageStyles from '@/components/catalogue/page.module.css';
import accountStyles from '@/components/account/account.module.css';
import creditStyles from '@/components/credits/credits.module.css';

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await findCreditRequest((await params).code);
  return { title: result?.ok ? `Credit request ${result.data.code}` : result ? 'Credit request' : 'Page not found' };
}

/** One credit request: what was asked for line by line, its status, and the decision with its note and amount. */
export default async function CreditRequestPage({ params }: Props) {
  const result = await findCreditRequest((await params).code);
  if (!result) notFound();
  if (!result.ok) return <LoadFailed error={result.error} />;
  const request = result.data;
  const decision = request.decision;
  const checkin = await getCheckin(request.orderCode);
  const photos = checkin.ok ? checkin.data.photos : [];
  const lineName = new Map(request.lines.map((line) => [line.entryNumber, line.product.name]));
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs trail={[{ name: 'Credit requests', href: '/account/credits/' }, { name: `Credit request ${request.code}` }]} />
      <h1 className={pageStyles.title}>Credit request {request.code}</h1>
      <dl className={accountStyles.facts}>
        <dt>Status</dt>
        <dd>
          <CreditStatusBadge status={request.status} />
          <span className={creditStyles.outcome}>{outcomeText(request)}</span>
        </dd>
        <dt>Order</dt>
        <dd>
          <Link href={`/account/orders/${encodeURIComponent(request.orderCode)}/`} prefetch={false}>
            {request.orderCode}
          </Link>
        </dd>
        <dt>Delivered to</dt>
        <dd>
          {request.shipTo.name} ({request.shipTo.code})
        </dd>
        <dt>Checked in</dt>
        <dd>
          {formatShortDate(request.createdAt)} by {request.requestedBy.name}
        </dd>
        <dt>Requested amount</dt>
        <dd>
          {request.gross.formattedValue} <span className={creditStyles.outcome}>({request.net.formattedValue} + VAT {request.vat.formattedValue})</span>
        </dd>
        {request.credited ? (
          <>
            <dt>Credited</dt>
            <dd>
              <strong>{request.credited.formattedValue}</strong>
            </dd>
          </>
        ) : null}
      </dl>
      {decision ? (
        <section className={creditStyles.decision} aria-labelledby="credit-decision">
          <h2 id="credit-decision">Decision</h2>
          <p>
            {request.status === 'rejected' ? 'Rejected' : request.status === 'partlyAccepted' ? 'Partly accepted' : 'Accepted'}
            {decision.decidedAt ? ` on ${formatLondonInstant(decision.decidedAt)}` : ''}.
          </p>
          {decision.note ? <p className={creditStyles.note}>{decision.note}</p> : null}
          {decision.creditNoteNumber ? <p>Credit note {decision.creditNoteNumber} will appear with your invoices.</p> : null}
        </section>
      ) : null}
      <h2 className={pageStyles.sectionTitle}>What was requested</h2>
      <CreditLines lines={request.lines} label={`Lines of credit request ${request.code}`} />
      {photos.length > 0 ? (
        <section aria-labelledby="credit-photos">
          <h2 id="credit-photos" className={pageStyles.sectionTitle}>
            Photos you sent
          </h2>
          <ul className={creditStyles.photos} aria-label={`Photos of credit request ${request.code}`}>
            {photos.map((photo, index) => {
              const shows = photo.entryNumber === null ? 'the delivery' : (lineName.get(photo.entryNumber) ?? 'the delivery');
              return (
                <li key={photo.id}>
                  <a href={checkinPhotoHref(request.orderCode, photo.id)}>
                    <img src={checkinPhotoHref(request.orderCode, photo.id)} alt={`Photo ${index + 1}: ${shows}`} width={120} height={120} />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
