import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { findCategoryPage } from '@/lib/commerce/page-subjects';

/** Outside the page's loading boundary: an unknown category is a 404 before anything streams. */
export default async function CategoryLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  if (!(await findCategoryPage((await params).id))) notFound();
  return children;
}
