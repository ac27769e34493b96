'use client';

import { saveAllergenProfileAction, type AllergenProfileState } from '@/app/account/allergens/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import { ALLERGEN_NAMES, ALLERGENS, type AllergenProfile } from '@/lib/food/food-schemas';
import { avoidsSentence } from './allergen-profile-words';
import styles from './allergen-profile.module.css';

/**
 * A company admin's 14 boxes, saved together. The boxes are the browser's own (not reset after saving), so what
 * was ticked stays as ticked when saving fails; without script the form posts and the page comes back.
 */
export function AllergenProfileForm({ profile }: { profile: AllergenProfile }) {
  const { state, action, pending, submit } = useFormAction<AllergenProfileState>(saveAllergenProfileAction, { status: 'idle' });
  return (
    <form action={action} onSubmit={submit} className="form-stack">
      <fieldset className={styles.allergens}>
        <legend className={styles.legend}>Allergens {profile.shipTo.name} avoids</legend>
        {ALLERGENS.map((allergen) => (
          <div key={allergen} className={styles.allergen}>
            <input id={`avoid-${allergen}`} type="checkbox" name="avoid" value={allergen} defaultChecked={profile.avoids.includes(allergen)} />
            <label htmlFor={`avoid-${allergen}`}>{ALLERGEN_NAMES[allergen]}</label>
          </div>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className={state.status === 'error' ? 'field-error' : styles.saved}>
          {pending ? '' : state.status === 'saved' ? `Saved. ${avoidsSentence(state.siteName, state.avoids)}` : state.status === 'error' ? state.message : ''}
        </p>
      </div>
    </form>
  );
}
