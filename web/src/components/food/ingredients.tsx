import type { FoodInfo } from '@/lib/food/food-schemas';

/** The ingredients as the label lists them, with the allergens in bold as the law asks. */
export function Ingredients({ ingredients }: { ingredients: FoodInfo['ingredients'] }) {
  return (
    <p>
      {ingredients.map((part, index) => (part.emphasis ? <strong key={index}>{part.text}</strong> : <span key={index}>{part.text}</span>))}
    </p>
  );
}
