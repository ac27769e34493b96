import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findStandingOrder } from '@/lib/commerce/page-subjects';

/** An unknown standing order, or another account's, is a 404 before anything streams. */
export default async function StandingOrderLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string }> }) {
  if (!(await findStandingOrder((await params).code))) notFound();
  return children;
}
