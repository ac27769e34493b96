import { ListingSkeleton } from '@/components/catalogue/listing-skeleton';

export default function Loading() {
  return <ListingSkeleton />;
}
