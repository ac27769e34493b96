/** The check-in at the door (docs/after-delivery.md "Check-in at the door"): reasons as the API names them. */
export const CHECKIN_REASONS = ['short', 'damaged', 'wrongProduct', 'quality', 'temperature', 'outOfDate'] as const;
export type CheckinReason = (typeof CHECKIN_REASONS)[number];
export const MAX_CHECKIN_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Where the storefront serves a check-in photo, on its own origin. */
export const checkinPhotoHref = (code: string, id: number) => `/account/orders/${encodeURIComponent(code)}/checkin/photos/${id}/`;

export const REASON_LABELS: Record<CheckinReason, string> = {
  short: 'Short (fewer arrived)',
  damaged: 'Damaged',
  wrongProduct: 'Wrong product',
  quality: 'Quality',
  temperature: 'Temperature',
  outOfDate: 'Out of date',
};

export const reasonLabel = (reason: string): string => REASON_LABELS[reason as CheckinReason] ?? reason;

export const CREDIT_STATUS_LABELS: Record<string, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  partlyAccepted: 'Partly accepted',
  rejected: 'Rejected',
};
