import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getConfig } from '../config';

/**
 * Only the server's own redirect may end a session through GET /api/session/expired/ (any page could point an image
 * at that address). The redirect carries this proof: a short-lived signature over the session cookie it ends, which
 * no other page can make (it needs the session secret) and which stops matching once that session is gone.
 */
const PROOF_SECONDS = 60;

function signature(sessionCookie: string, expires: number): Buffer {
  return createHmac('sha256', getConfig().sessionSecret).update(`session-expired\n${expires}\n${sessionCookie}`).digest();
}

export function expiryProof(sessionCookie: string | undefined, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + PROOF_SECONDS;
  return `${expires}.${signature(sessionCookie ?? '', expires).toString('base64url')}`;
}

export function isExpiryProof(proof: string | null, sessionCookie: string | undefined, nowMs = Date.now()): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(proof ?? '');
  if (!match?.[1] || !match[2]) return false;
  const expires = Number(match[1]);
  if (expires < nowMs / 1000) return false;
  return timingSafeEqual(Buffer.from(match[2], 'base64url'), signature(sessionCookie ?? '', expires));
}

/** Where the server sends a browser whose session has expired: the SessionExpired page, then `next`. */
export function sessionExpiredAddress(next: string, sessionCookie: string | undefined): string {
  return `/api/session/expired/?next=${encodeURIComponent(next)}&proof=${expiryProof(sessionCookie)}`;
}

/**
 * Where the server sends an operator whose acting session the API no longer takes (docs/assisted-service.md): the
 * route clears the acting cookie, with the same proof over that cookie, and returns to the back office.
 */
export function assistedEndedAddress(assistCookie: string | undefined): string {
  return `/api/assisted/ended/?proof=${expiryProof(assistCookie)}`;
}
