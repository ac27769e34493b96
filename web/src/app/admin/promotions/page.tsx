import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminLoadFailed, AdminPager, formatDay, pageParam, param } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { offerInWords, PROMOTION_STATUSES, promotionListSchema, whatInWords, whoInWords } from '@/lib/admin/promotion-schemas';
import { canEditCatalogue, SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { requireOperator } from '@/lib/admin/admin-session';
import { EndPromotion } from './end-promotion';

export const metadata: Metadata = { title: 'Promotions' };

type Params = Promise<Record<string, string | string[] | undefined>>;

const STATUS_WORDS = { live: 'Live', scheduled: 'Scheduled', ended: 'Ended' } as const;
const isStatus = (value: string | undefined): value is (typeof PROMOTION_STATUSES)[number] => (PROMOTION_STATUSES as readonly (string | undefined)[]).includes(value);

/** Promotions by status (on today's London date) and by words in their code or name; admins create, change and end them. */
export default async function AdminPromotionsPage({ searchParams }: { searchParams: Params }) {
  const operator = await requireOperator(SERVICE_ROLES);
  const params = await searchParams;
  const status = param(params.status);
  const filters = { status: isStatus(status) ? status : undefined, q: param(params.q) };
  const page = pageParam(params.page);
  const saved = param(params.saved);
  const result = await adminCall(promotionListSchema, '/promotions', { query: { status: filters.status ?? 'all', q: filters.q ?? '', page } });
  const editable = canEditCatalogue(operator.role);
  return (
    <div className="admin-page">
      <h1>Promotions</h1>
      {saved ? (
        <p role="status" className="admin-status-ok">
          Saved {saved}
        </p>
      ) : null}
      <form className="admin-filters" method="get" role="search" aria-label="Find promotions">
        <label>
          Code or name
          <input name="q" defaultValue={filters.q} maxLength={100} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={filters.status ?? ''}>
            <option value="">Any</option>
            {PROMOTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_WORDS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          Find
        </button>
        <Link href="/admin/promotions/">Clear</Link>
      </form>
      {editable ? (
        <p>
          <Link href="/admin/promotions/new/" className="button button-secondary">
            New promotion
          </Link>
        </p>
      ) : (
        <p>Your role can look at promotions; only an administrator changes them.</p>
      )}
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : result.data.promotions.length === 0 ? (
        <p>No promotions match.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="promotions">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Name</th>
                <th scope="col">Offer</th>
                <th scope="col">Who</th>
                <th scope="col">On</th>
                <th scope="col">Delivery dates</th>
                <th scope="col">Status</th>
                {editable ? <th scope="col">Change</th> : null}
              </tr>
            </thead>
            <tbody>
              {result.data.promotions.map((promotion) => (
                <tr key={promotion.code} data-testid={`promotion-${promotion.code}`}>
                  <td data-label="Code">{editable && promotion.endedAt === null ? <Link href={`/admin/promotions/${encodeURIComponent(promotion.code)}/`}>{promotion.code}</Link> : promotion.code}</td>
                  <td data-label="Name">{promotion.name}</td>
                  <td data-label="Offer">{offerInWords(promotion)}</td>
                  <td data-label="Who">{whoInWords(promotion)}</td>
                  <td data-label="On">{whatInWords(promotion)}</td>
                  <td data-label="Delivery dates">
                    {formatDay(promotion.validFrom)} to {formatDay(promotion.validTo)}
                  </td>
                  <td data-label="Status">
                    {/* One element: a phone's stacked cells lay each child out apart, which split "Ended" from "early". */}
                    <span className={promotion.status === 'live' ? 'admin-status-ok' : undefined}>
                      {STATUS_WORDS[promotion.status]}
                      {promotion.endedAt ? ' early' : null}
                    </span>
                  </td>
                  {editable ? (
                    <td data-label="Change">
                      <EndPromotion code={promotion.code} ended={promotion.status === 'ended'} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.ok ? <AdminPager basePath="/admin/promotions/" params={filters} page={page} hasMore={result.data.hasMore} /> : null}
    </div>
  );
}
