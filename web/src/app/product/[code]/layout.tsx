import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findProduct } from '@/lib/commerce/page-subjects';

/** Outside the page's loading boundary: an unknown product is a 404 before anything streams. */
export default async function ProductLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string }> }) {
  if (!(await findProduct((await params).code))) notFound();
  return children;
}
