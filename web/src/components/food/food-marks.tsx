import type { FoodMarks as Marks } from '@/lib/food/food-schemas';
import { markTexts, type SiteAvoid } from '@/lib/food/food-text';
import { MarksView } from './marks-view';

/**
 * A product's allergen and dietary marks in a few words, for cards, rows and lines rendered on the server;
 * `oneLine` cuts them to one line with an ellipsis (the site's warnings are never cut), for the compact list rows.
 */
export function FoodMarks({ marks, avoid, oneLine }: { marks: Marks; avoid?: SiteAvoid | null; oneLine?: boolean }) {
  return <MarksView texts={markTexts(marks, avoid)} oneLine={oneLine} />;
}
