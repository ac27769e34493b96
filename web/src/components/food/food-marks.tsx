import type { FoodMarks as Marks } from '@/lib/food/food-schemas';
import { markTexts, type SiteAvoid } from '@/lib/food/food-text';
import { MarksView } from './marks-view';

/** A product's allergen and dietary marks in a few words, for cards, rows and lines rendered on the server. */
export function FoodMarks({ marks, avoid }: { marks: Marks; avoid?: SiteAvoid | null }) {
  return <MarksView texts={markTexts(marks, avoid)} />;
}
