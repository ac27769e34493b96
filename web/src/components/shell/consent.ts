/** Cookie consent (docs/decisions-left-open.md): necessary cookies always, analytics only when chosen; remembered for a year. */
export const CONSENT_COOKIE = 'mv_consent';
export const CONSENT_MAX_AGE = 365 * 24 * 3600;
export const OPEN_CONSENT_EVENT = 'mv:open-consent';

export interface Consent {
  necessary: true;
  analytics: boolean;
}

export function parseConsent(value: string | undefined): Consent | undefined {
  if (value === 'necessary') return { necessary: true, analytics: false };
  if (value === 'analytics') return { necessary: true, analytics: true };
  return undefined;
}

export function readConsent(): Consent | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  return parseConsent(match?.slice(CONSENT_COOKIE.length + 1));
}

export function writeConsent(consent: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent.analytics ? 'analytics' : 'necessary'}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}
