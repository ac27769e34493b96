import type { Metadata } from 'next';
import { ContentPage } from '@/components/shell/content-page';

export const metadata: Metadata = { title: 'About us' };

export default function Page() {
  return <ContentPage name="about" />;
}
