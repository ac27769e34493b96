import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminLoadFailed, formatDateTime } from '@/components/admin/admin-parts';
import { adminCall } from '@/lib/admin/admin-client';
import { requireOperator } from '@/lib/admin/admin-session';
import { londonToday } from '@/lib/commerce/company-orders';
import { promotionSchema } from '@/lib/admin/promotion-schemas';
import { EndPromotion } from '../end-promotion';
import { PromotionForm } from '../promotion-form';

export const metadata: Metadata = { title: 'Change promotion' };

/** One promotion's form, read at its current version, and its "End now" (admins only). */
export default async function EditPromotionPage({ params }: { params: Promise<{ code: string }> }) {
  await requireOperator(['admin']);
  const { code } = await params;
  const result = await adminCall(promotionSchema, `/promotions/${encodeURIComponent(code)}`);
  if (!result.ok && (result.error.status === 404 || result.error.status === 400)) notFound();
  return (
    <div className="admin-page">
      <p>
        <Link href="/admin/promotions/">← All promotions</Link>
      </p>
      {!result.ok ? (
        <AdminLoadFailed error={result.error} />
      ) : (
        <>
          <h1>
            {result.data.name} <small>{result.data.code}</small>
          </h1>
          {result.data.endedAt ? (
            <p>Ended early on {formatDateTime(result.data.endedAt)}: it can no longer be changed.</p>
          ) : (
            <>
              <EndPromotion code={result.data.code} ended={false} />
              <PromotionForm key={result.data.version} promotion={result.data} today={londonToday()} />
            </>
          )}
        </>
      )}
    </div>
  );
}
