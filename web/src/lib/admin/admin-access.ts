import { unsealAdminSession } from './admin-cookie';

export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The proxy's guard for back-office pages (pages check again with requireOperator): without a live operator
 * session every page but the sign-in page goes to sign-in, and comes back afterwards.
 */
export async function adminPageRedirect(pathname: string, search: string, cookie: string | undefined): Promise<string | undefined> {
  if (!isAdminPath(pathname) || pathname.startsWith('/admin/login')) return undefined;
  if (await unsealAdminSession(cookie)) return undefined;
  return `/admin/login/?next=${encodeURIComponent(`${pathname}${search}`)}`;
}
