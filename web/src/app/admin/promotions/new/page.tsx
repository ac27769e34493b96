import type { Metadata } from 'next';
import Link from 'next/link';
import { requireOperator } from '@/lib/admin/admin-session';
import { londonToday } from '@/lib/commerce/company-orders';
import { PromotionForm } from '../promotion-form';

export const metadata: Metadata = { title: 'New promotion' };

/** A new promotion (admins only: they alone change prices). */
export default async function NewPromotionPage() {
  await requireOperator(['admin']);
  return (
    <div className="admin-page">
      <p>
        <Link href="/admin/promotions/">← All promotions</Link>
      </p>
      <h1>New promotion</h1>
      <PromotionForm today={londonToday()} />
    </div>
  );
}
