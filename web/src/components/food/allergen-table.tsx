import type { FoodMarks } from '@/lib/food/food-schemas';
import { allergenRows, NOT_SUPPLIED } from '@/lib/food/food-text';
import styles from './food.module.css';

const STATUS_CLASS = { Contains: styles.contains, 'May contain': styles.mayContain, 'Free from': styles.free, [NOT_SUPPLIED]: styles.notSupplied };

/** The 14 allergens, each as the supplier declared it; one it said nothing of is "Not supplied — ask us". */
export function AllergenTable({ marks, caption }: { marks: FoodMarks; caption: string }) {
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Allergen</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {allergenRows(marks).map((row) => (
          <tr key={row.allergen}>
            <th scope="row">{row.name}</th>
            <td className={STATUS_CLASS[row.status]}>{row.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
