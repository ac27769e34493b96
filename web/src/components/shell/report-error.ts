/**
 * Sends a shown error or a crash to the storefront's own /api/log/ route, which adds the signed-in user from
 * the session and forwards it to the API's /logging (docs/decisions-left-open.md: the browser is never trusted for who it is).
 */
export interface ErrorReport {
  kind: 'toast' | 'crash';
  title: string;
  description?: string;
}

/**
 * The page's address without the tokens of e-mailed links (an unsubscribe link's path, a `token` parameter):
 * reports end up in the API's log, and no token may (docs/people.md).
 */
export function reportedLocation(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (params.has('token')) params.set('token', 'redacted');
  const query = params.toString();
  return pathname.replace(/^\/unsubscribe\/[^/]+/, '/unsubscribe/redacted') + (query ? `?${query}` : '');
}

export function reportError(report: ErrorReport): void {
  const body = JSON.stringify({ ...report, url: reportedLocation(window.location.pathname, window.location.search) });
  void fetch('/api/log/', { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(
    () => undefined, // reporting must never raise a second error in the page
  );
}
