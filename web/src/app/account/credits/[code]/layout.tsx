import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findCreditRequest } from '@/lib/commerce/credits';

/** An unknown credit request, another ship-to's or a code of the wrong shape is a 404 before anything streams. */
export default async function CreditRequestLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string }> }) {
  if (!(await findCreditRequest((await params).code))) notFound();
  return children;
}
