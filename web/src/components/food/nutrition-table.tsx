import type { Nutrition } from '@/lib/food/food-schemas';
import { nutritionBasisText, nutritionRows } from '@/lib/food/food-text';
import styles from './food.module.css';

/** Nutrition as a UK label gives it: energy, fat, saturates, carbohydrate, sugars, protein and salt. */
export function NutritionTable({ nutrition, caption }: { nutrition: Nutrition; caption: string }) {
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Typical values</th>
          <th scope="col">{nutritionBasisText(nutrition.basis)}</th>
        </tr>
      </thead>
      <tbody>
        {nutritionRows(nutrition).map((row) => (
          <tr key={row.label}>
            <th scope="row" className={row.sub ? styles.sub : undefined}>
              {row.label}
            </th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
