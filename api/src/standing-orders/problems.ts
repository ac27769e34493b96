import { ApiError, badRequest, conflict, notFound } from '../http/errors';

/**
 * The answers of the standing-order use cases that are not a success, in one place: each is the ApiError the
 * error handler renders. Another user's or ship-to's standing order is exactly a missing one.
 */
export const standingOrderNotFound = (code: string) => notFound('StandingOrderError', 'code', `Standing order '${code}' not found`);

export const deliveryNotFound = (code: string, date: string) =>
  notFound('StandingOrderError', 'date', `Standing order '${code}' has no delivery on ${date}`);

export const CUTOFF_PASSED = 'The cut-off for this delivery has passed';

export const cutoffPassed = () => new ApiError(409, 'StandingOrderError', CUTOFF_PASSED, 'cutoffPassed', 'date');

export const standingOrderEnded = (code: string) => conflict('StandingOrderError', 'status', `Standing order '${code}' has ended and cannot be changed`);

export const badTransition = (code: string, status: string, action: string) =>
  conflict('StandingOrderError', 'status', `Standing order '${code}' is ${status} and cannot be ${action}`);

export const weekdayNotDelivered = (weekday: number) =>
  badRequest('weekdays', `Weekday ${weekday} is not a delivery day of this ship-to for this range`);

export const startDateInPast = () => badRequest('startDate', 'The start date cannot be in the past');

export const startDateTooFar = () => badRequest('startDate', 'The start date must be within a year from today');

export const endBeforeStart = () => badRequest('endDate', 'The end date cannot be before the start date');

export const endDateInPast = () => badRequest('endDate', 'The end date cannot be in the past');

export const emptyCart = () => badRequest('cartId', 'The cart is empty: add products before making it a standing order');

export const emptyEntries = () => badRequest('entries', 'A delivery needs at least one line; skip the delivery instead');

export const lineRefused = (index: number, message: string) => badRequest(`entries.${index}.product.code`, message, 'StandingOrderError');

export const purchaseOrderMissing = () => badRequest('purchaseOrderNumber', 'This account requires a purchase order number');
