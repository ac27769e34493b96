import { connectionNeeded, isOfflinePage, KEPT_KINDS } from '../lib/offline/offline-pages';

/** A page kept for offline use, as the offline page lists it. */
export interface KeptPage {
  url: string;
  title: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page the service worker answers offline for a page with no kept copy: self-contained (no script, styles
 * inline), saying why there is nothing to show and listing the pages that do open offline.
 */
export function offlinePageHtml(pathname: string, kept: KeptPage[]): string {
  const needed = connectionNeeded(pathname);
  const heading = needed ? 'This needs a connection' : 'You are offline';
  const explanation =
    needed ??
    (isOfflinePage(pathname)
      ? 'This page has not been opened on this phone yet, so there is no copy of it to show. It will open once you are back online.'
      : 'Pages of this kind are not kept on this phone, so there is no copy of it to show. It will open once you are back online.');
  const kinds = `Pages kept for times without a connection: ${KEPT_KINDS}, each once you have opened it online.`;
  const links = kept.length
    ? `<h2>Pages you can open offline</h2><ul>${kept.map((page) => `<li><a href="${escape(page.url)}">${escape(page.title)}</a></li>`).join('')}</ul><p>${escape(kinds)}</p>`
    : `<p>No pages have been kept on this phone yet. ${escape(kinds)}</p>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1f5c4a">
<title>Meadowvale Foods | Offline</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2a24;background:#f7f7f2;line-height:1.5}
.bar{background:#1f5c4a;color:#fff;padding:.75rem 1rem;font-weight:600}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
a{color:#1f5c4a;font-weight:600}
li{margin:.5rem 0}
.status{background:#fff4d6;border:1px solid #b88a00;border-radius:.25rem;padding:.75rem 1rem}
</style>
</head>
<body>
<div class="bar">Meadowvale Foods</div>
<main>
<p class="status" role="status" data-testid="offline-page">Offline</p>
<h1>${escape(heading)}</h1>
<p>${escape(explanation)}</p>
${links}
</main>
</body>
</html>`;
}
