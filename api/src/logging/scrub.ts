/**
 * Client error reports are free text from browsers: they may carry a token, a cookie or a password that a
 * script put in a URL or an error message. Those must never reach the database, and neither may control
 * characters that forge lines or reorder text in a log viewer.
 */
const REDACTED = '[redacted]';

const SECRET_PATTERNS: [RegExp, string][] = [
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  // Cookie headers: everything up to the end of the line.
  [/\b((?:set-)?cookie)\s*[:=]\s*[^\r\n]*/gi, `$1: ${REDACTED}`],
  // JSON or object literal fields holding a secret: "access_token": "…".
  [
    /(["']?(?:access_token|refresh_token|id_token|token|password|passwd|client_secret|secret|session|authorization)["']?\s*:\s*)(["'])(?:\\.|(?!\2).)*\2/gi,
    `$1$2${REDACTED}$2`,
  ],
  // Query strings and form bodies: access_token=…
  [/\b(access_token|refresh_token|id_token|token|password|passwd|client_secret|secret|session|code)=[^&\s"'#]*/gi, `$1=${REDACTED}`],
  // JSON Web Tokens.
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Long opaque random strings, the shape of our own 256-bit tokens (43 base64url characters) and most session ids.
  [/[A-Za-z0-9_-]{40,}/g, REDACTED],
];

// C0 and C1 controls, DEL, and the bidirectional overrides that can disguise text: matching them is the point.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /[\t\r\n]+/g;

export function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** Multi-line text (a stack trace) keeps its tabs and line breaks; carriage returns become plain breaks. */
export function scrubMultiline(text: string): string {
  return redactSecrets(text.replace(/\r\n?/g, '\n').replace(CONTROL, ''));
}

/** One-line fields lose every control character, line breaks included. */
export function scrubLine(text: string): string {
  return redactSecrets(text.replace(CONTROL, '').replace(LINE_BREAKS, ' ')).trim();
}
