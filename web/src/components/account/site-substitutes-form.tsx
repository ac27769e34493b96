'use client';

import { saveSiteSubstitutesAction, type SiteSubstitutesState } from '@/app/account/substitutes/actions';
import { useFormAction } from '@/components/shell/use-server-action';
import styles from '@/components/food/allergen-profile.module.css';

/** A company admin's one box for the site's default, saved with the button; without script the form posts. */
export function SiteSubstitutesForm({ siteName, allowed }: { siteName: string; allowed: boolean }) {
  const { state, action, pending, submit } = useFormAction<SiteSubstitutesState>(saveSiteSubstitutesAction, { status: 'idle' });
  return (
    <form action={action} onSubmit={submit} className="form-stack">
      <div className={styles.allergen}>
        <input id="allow-substitutes" type="checkbox" name="allowSubstitutes" defaultChecked={allowed} />
        <label htmlFor="allow-substitutes">Allow substitutes for {siteName}</label>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className={state.status === 'error' ? 'field-error' : styles.saved}>
          {pending ? '' : state.status === 'saved' ? state.text : state.status === 'error' ? state.message : ''}
        </p>
      </div>
    </form>
  );
}
