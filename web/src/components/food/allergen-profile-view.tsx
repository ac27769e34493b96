import { ALLERGEN_NAMES, type AllergenProfile } from '@/lib/food/food-schemas';
import { avoidsSentence } from './allergen-profile-words';
import styles from './allergen-profile.module.css';

/** The profile for those who order for the site but do not run it: what it avoids, and who can change that. */
export function AllergenProfileView({ profile }: { profile: AllergenProfile }) {
  return (
    <div className={styles.view}>
      {profile.avoids.length === 0 ? (
        <p>{avoidsSentence(profile.shipTo.name, [])}</p>
      ) : (
        <>
          <h2 className={styles.legend} id="avoided-allergens">
            Allergens {profile.shipTo.name} avoids
          </h2>
          <ul aria-labelledby="avoided-allergens" className={styles.list}>
            {profile.avoids.map((allergen) => (
              <li key={allergen}>{ALLERGEN_NAMES[allergen]}</li>
            ))}
          </ul>
        </>
      )}
      <p className="field-help">Only a company admin of your company can change this list. Ask them if it needs to change.</p>
    </div>
  );
}
