import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findStandingDelivery } from '@/lib/commerce/page-subjects';

/** A date the standing order does not yield (or another account's standing order) is a 404 before anything streams. */
export default async function DeliveryLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string; date: string }> }) {
  const { code, date } = await params;
  if (!(await findStandingDelivery(code, date))) notFound();
  return children;
}
