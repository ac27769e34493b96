import type { Metadata } from 'next';
import { ContentPage } from '@/components/shell/content-page';

export const metadata: Metadata = { title: 'Cookie policy' };

export default function Page() {
  return <ContentPage name="cookie-policy" />;
}
