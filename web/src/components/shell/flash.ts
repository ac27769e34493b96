/**
 * One-shot messages set by the server (sign-out, expired session) for the next page: a short-lived cookie
 * holding a code, never text, read and removed by the toast provider.
 */
export const FLASH_COOKIE = 'mv_flash';
export const FLASH_CODES = ['logged-out', 'session-expired'] as const;
export type FlashCode = (typeof FLASH_CODES)[number];
