/** Token-endpoint errors use the RFC 6749 §5.2 shape, not the OCC error body. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  toBody() {
    return { error: this.error, error_description: this.description };
  }
}

export const badCredentials = () => new OAuthError(400, 'invalid_grant', 'Bad credentials');
/** The same answer for every name, known or not, once its tries are used up (README "Sign-in limits"). */
export const accountLocked = () => new OAuthError(400, 'invalid_grant', 'Account Locked');
export const invalidClient = () =>
  new OAuthError(401, 'invalid_client', 'Bad client credentials', { 'WWW-Authenticate': 'Basic realm="oauth2/client"' });

/** Not an RFC 6749 code (it has none for this); the status and Retry-After carry the meaning. */
export const tooManySignIns = (retryAfterSeconds: number) =>
  new OAuthError(429, 'too_many_requests', 'Too many failed sign-ins, please try again later', {
    'Retry-After': String(retryAfterSeconds),
  });
