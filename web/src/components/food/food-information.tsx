import type { Product } from '@/lib/commerce/types';
import { markTexts, NOT_SUPPLIED, specificationSheetHref, type SiteAvoid } from '@/lib/food/food-text';
import { AllergenTable } from './allergen-table';
import { DietaryBadges, Warnings } from './marks-view';
import { Ingredients } from './ingredients';
import { NutritionTable } from './nutrition-table';
import styles from './food.module.css';

/**
 * A product page's "Food information": the site's warnings, dietary badges, ingredients with their allergens in
 * bold, the 14-allergen table, nutrition, origin and the specification sheet. Whatever the supplier did not send
 * is "Not supplied — ask us", never left to look like "free from".
 */
export function FoodInformation({ product, avoid }: { product: Product; avoid?: SiteAvoid }) {
  const { foodMarks: marks, foodInfo: info } = product;
  const texts = markTexts(marks, avoid);
  return (
    <section aria-labelledby="food-information" className={styles.information}>
      <h2 id="food-information" className={styles.heading}>
        Food information
      </h2>
      <Warnings texts={texts.warnings} />
      <dl className={styles.facts}>
        <dt>Dietary</dt>
        <dd>{texts.dietary.length > 0 ? <DietaryBadges names={texts.dietary} labelled={false} /> : 'None declared'}</dd>
        <dt>Country of origin</dt>
        <dd>{info?.countryOfOrigin ?? NOT_SUPPLIED}</dd>
      </dl>
      <h3 className={styles.subheading}>Ingredients</h3>
      {info ? <Ingredients ingredients={info.ingredients} /> : <p>{NOT_SUPPLIED}</p>}
      <div className={styles.tables}>
        <AllergenTable marks={marks} caption="Allergens" />
        {info?.nutrition ? (
          <NutritionTable nutrition={info.nutrition} caption="Nutrition" />
        ) : (
          <div>
            <h3 className={styles.subheading}>Nutrition</h3>
            <p>{NOT_SUPPLIED}</p>
          </div>
        )}
      </div>
      <p>
        <a href={specificationSheetHref(product.code)} className={styles.sheet}>
          Specification sheet (PDF)
        </a>
      </p>
    </section>
  );
}
