/**
 * docs/storefront-requirements.md §2 shell modes: the sign-in page shows the login-page header (About us, Help); account selection shows
 * the logo only (nothing to browse before an account is chosen); every other page the full shell. The back office
 * (`/admin/`) is not the shop and has a shell of its own.
 */
export type ShellMode = 'full' | 'login' | 'logo-only' | 'admin';

export function shellModeFor(path: string): ShellMode {
  const pathname = path.split('?')[0] ?? '/';
  // The back office has its own layout (app/admin/layout.tsx): none of the shop's header, footer or banner.
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  if (pathname === '/login' || pathname.startsWith('/login/')) return 'login';
  if (pathname.startsWith('/account/select')) return 'logo-only';
  return 'full';
}
