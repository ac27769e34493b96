/**
 * The API's error catalogue. Every non-2xx answer under /occ/v2/b2b is built from an ApiError by the one
 * error handler in app.ts, as `{"errors":[{type, reason, message, subject}]}` (docs/api.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly reason?: string,
    readonly subject?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody() {
    return {
      errors: [{ type: this.type, reason: this.reason, message: this.message, subject: this.subject }],
    };
  }
}

export const badRequest = (subject: string, message: string, type = 'ValidationError') =>
  new ApiError(400, type, message, 'invalid', subject);

/** Anything the caller may not see answers exactly like something that does not exist. */
export const notFound = (type: string, subject: string, message = `${subject} not found`) =>
  new ApiError(404, type, message, 'notFound', subject);

export const conflict = (type: string, subject: string, message: string) =>
  new ApiError(409, type, message, 'conflict', subject);

export const unprocessable = (type: string, subject: string, message: string) =>
  new ApiError(422, type, message, 'unprocessable', subject);

export const invalidToken = (message = 'Invalid access token') =>
  new ApiError(401, 'InvalidTokenError', message, 'invalid_token', undefined, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, 'TooManyRequestsError', 'Too many requests, please try again later', 'rateLimited', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** Authenticated, but not allowed here: a customer or storefront token on an operator route, or a role too small. */
export const forbidden = (message: string, subject?: string) => new ApiError(403, 'ForbiddenError', message, 'forbidden', subject);

export const serviceUnavailable = (retryAfterSeconds: number, message = 'The service is temporarily unavailable, please try again shortly') =>
  new ApiError(503, 'ServiceUnavailableError', message, 'unavailable', undefined, { 'Retry-After': String(retryAfterSeconds) });

/** A write that lost a race with another request (unique or serialization conflict): nothing was changed. */
export const retryableConflict = () =>
  new ApiError(409, 'ConflictError', 'Another request changed the same data at the same time; nothing was changed, please try again', 'conflict', undefined, {
    'Retry-After': '1',
  });
