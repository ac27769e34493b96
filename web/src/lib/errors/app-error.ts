/** A failure as the page sees it: the user-facing text is already chosen (catalogue.ts), never raw API text. */
export type ToastType = 'error' | 'warning' | 'success';

export type CatalogueErrorType =
  | 'SessionExpired'
  | 'FailedToFetch'
  | 'ClientCredentialFailure'
  | 'ServerStatusErrorFallback'
  | 'CartFailedToLoad'
  | 'Default'
  | 'LoginFailed';

export interface AppError {
  /** A docs/storefront-requirements.md §8 type, or the API's own error type (e.g. CartError) when it sent one. */
  type: CatalogueErrorType | (string & {});
  title: string;
  description: string;
  status?: number;
  reason?: string;
  subject?: string;
}

export type ApiResult<T> = { ok: true; data: T; status: number; headers: Headers } | { ok: false; error: AppError };
