/**
 * The token in an unsubscribe link (/unsubscribe/<token>/): base64url, as the API issues it. Anything else
 * names no link and is answered as a page that does not exist.
 */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The field RFC 8058 one-click POSTs carry, and the page's own form too (so it works without script). */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';
