import { getSession } from '@/lib/session/session';
import { SearchBoxClient } from './search-box-client';
import { SkipToResults } from './skip-to-results';

/**
 * The header search box. Keyed by the active account and range, so switching account starts with no
 * suggestions left over from the other one.
 */
export async function SearchBox() {
  const session = await getSession();
  if (!session.user) return null;
  return (
    <>
      <SearchBoxClient key={`${session.activeShipTo ?? ''}:${session.activeSalesOrg ?? ''}`} />
      <SkipToResults />
    </>
  );
}
