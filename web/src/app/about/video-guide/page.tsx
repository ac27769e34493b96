import type { Metadata } from 'next';
import { ContentPage } from '@/components/shell/content-page';

export const metadata: Metadata = { title: 'Video guide' };

export default function Page() {
  return <ContentPage name="video-guide" />;
}
