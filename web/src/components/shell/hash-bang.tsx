/**
 * Legacy addresses like /search/#!/butter or /#!/about/ are rewritten to their path form. The fragment never
 * reaches the server, so this runs in the browser.
 */
export function hashBangTarget(pathname: string, hash: string): string | undefined {
  if (!hash.startsWith('#!/')) return undefined;
  const value = hash.slice(3);
  if (value === '' || value.startsWith('/')) return undefined;
  const base = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return base === '/' ? `/${value}` : `${base}${value}`;
}

/**
 * The rewrite as an inline script that runs while the page is still being parsed, before Next hydrates: a
 * hash-bang typed into the address bar before the page's scripts have loaded (right after a redirect, say)
 * changes only the fragment, and a listener added at hydration would miss that `hashchange`. It also checks on
 * every later `hashchange` (`/` then `/#!/account/orders/`). The rewrite is a full load of the path form, which
 * Next's router cannot put back.
 */
const SCRIPT = `(() => {
  const target = ${hashBangTarget.toString()};
  const rewrite = () => {
    const to = target(location.pathname, location.hash);
    if (to) location.replace(to);
  };
  rewrite();
  addEventListener('hashchange', rewrite);
})();`;

/** The per-request nonce of the Content-Security-Policy the proxy set, which an inline script must carry. */
export const nonceOf = (csp: string | null): string | undefined => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

export function HashBangScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
