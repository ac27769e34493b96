import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findOrder } from '@/lib/commerce/page-subjects';

/** An unknown order (or a code of the wrong shape) is a 404 before anything streams. */
export default async function OrderLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string }> }) {
  if (!(await findOrder((await params).code))) notFound();
  return children;
}
