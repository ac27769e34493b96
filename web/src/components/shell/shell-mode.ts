/**
 * Spec §2 shell modes: the sign-in page shows the login-page header (About us, Help); account selection shows
 * the logo only (nothing to browse before an account is chosen); every other page the full shell.
 */
export type ShellMode = 'full' | 'login' | 'logo-only';

export function shellModeFor(path: string): ShellMode {
  const pathname = path.split('?')[0] ?? '/';
  if (pathname === '/login' || pathname.startsWith('/login/')) return 'login';
  if (pathname.startsWith('/account/select')) return 'logo-only';
  return 'full';
}
