/**
 * Sends a shown error or a crash to the storefront's own /api/log/ route, which adds the signed-in user from
 * the session and forwards it to the API's /logging (docs/decisions-left-open.md: the browser is never trusted for who it is).
 */
export interface ErrorReport {
  kind: 'toast' | 'crash';
  title: string;
  description?: string;
}

export function reportError(report: ErrorReport): void {
  const body = JSON.stringify({ ...report, url: window.location.pathname + window.location.search });
  void fetch('/api/log/', { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(
    () => undefined, // reporting must never raise a second error in the page
  );
}
