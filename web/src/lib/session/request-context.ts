import 'server-only';
import { headers } from 'next/headers';

/** Headers the proxy adds to every page request (src/proxy.ts) so server code knows where it is. */
export const PATH_HEADER = 'x-mv-path';
export const HTTPS_HEADER = 'x-mv-https';

/** The path (with query) being rendered; for a Server Action, the page it was posted from. */
export async function currentPath(): Promise<string> {
  const list = await headers();
  const fromProxy = list.get(PATH_HEADER);
  if (fromProxy) return fromProxy;
  const referer = list.get('referer');
  if (referer) {
    try {
      const url = new URL(referer);
      return `${url.pathname}${url.search}`;
    } catch {
      return '/';
    }
  }
  return '/';
}

export async function servedOverHttps(): Promise<boolean> {
  return (await headers()).get(HTTPS_HEADER) === '1';
}
