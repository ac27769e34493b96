'use server';

import { errorText } from '@/lib/commerce/error-text';
import { shopScope } from '@/lib/commerce/scope';
import { saveSiteSubstitutes } from '@/lib/commerce/substitutes';

export type SiteSubstitutesState =
  | { status: 'idle' }
  | { status: 'saved'; at: number; text: string }
  | { status: 'error'; at: number; message: string; network?: boolean };

/** Saves the active site's default: a ticked box allows substitutes (a form posts only a ticked box). */
export async function saveSiteSubstitutesAction(_previous: SiteSubstitutesState, form: FormData): Promise<SiteSubstitutesState> {
  const result = await saveSiteSubstitutes((await shopScope()).shipTo, form.get('allowSubstitutes') === 'on');
  if (result.ok) {
    const { shipTo, allowSubstitutes } = result.data;
    return { status: 'saved', at: Date.now(), text: `Saved. New cart lines for ${shipTo.name} ${allowSubstitutes ? 'allow' : 'do not allow'} a substitute.` };
  }
  if (result.error.type === 'FailedToFetch') return { status: 'error', at: Date.now(), message: result.error.description, network: true };
  return { status: 'error', at: Date.now(), message: errorText(result.error) };
}
