import { ListingSkeleton } from '@/components/catalogue/listing-skeleton';

export default function Loading() {
  return <ListingSkeleton cards={3} title="Loading invoices…" />;
}
