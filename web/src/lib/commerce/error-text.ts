import type { AppError } from '@/lib/errors/app-error';

/** The sentence shown next to the control that failed: the API's own message when it names the problem. */
export const errorText = (error: AppError): string => error.description || error.title;
