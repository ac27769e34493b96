import type { CheckinProblem, PhotoProblem } from './problems';
import { ApiError, badRequest, notFound } from '../http/errors';
import { formatLondonDate } from '../time/london-time';
import { orderNotFound } from '../orders/problem-answers';

/** The HTTP answers of the check-in at the door and its photos (docs/after-delivery.md "Check-in at the door"). */

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
/** "14:05 on 27 November 2026", London time. */
const when = (iso: string) => `${TIME.format(new Date(iso))} on ${formatLondonDate(new Date(iso))}`;

const closed = (reason: string, message: string) => new ApiError(409, 'CheckinError', message, reason, 'code');

export function checkinProblemToApiError(problem: CheckinProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return orderNotFound(problem.code);
    case 'notDelivered':
      return closed('notDelivered', `Order ${problem.code} is ${problem.status}: only a delivered order can be checked in`);
    case 'windowClosed':
      return closed('windowClosed', `The check-in of order ${problem.code} closed at ${when(problem.deadline)}; call us to ask for a credit`);
    case 'alreadyCheckedIn':
      return closed('alreadyCheckedIn', `Order ${problem.code} has already been checked in`);
    case 'unknownEntry':
      return badRequest(`lines.${problem.index}.entryNumber`, `Line ${problem.index + 1}: the order has no entry ${problem.entryNumber}`, 'CheckinError');
    case 'repeatedEntry':
      return badRequest(`lines.${problem.index}.entryNumber`, `Line ${problem.index + 1}: entry ${problem.entryNumber} is already on an earlier line`, 'CheckinError');
    case 'receivedMoreThanDelivered':
      return badRequest(`lines.${problem.index}.receivedQuantity`, `Line ${problem.index + 1}: ${problem.delivered} were delivered; more cannot be received`, 'CheckinError');
    case 'damagedMoreThanReceived':
      return badRequest(`lines.${problem.index}.damagedQuantity`, `Line ${problem.index + 1}: damaged cannot be more than received`, 'CheckinError');
    case 'reasonMissing':
      return badRequest(`lines.${problem.index}.reason`, `Line ${problem.index + 1}: choose a reason for what differs`, 'CheckinError');
  }
}

export function photoProblemToApiError(problem: PhotoProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return orderNotFound(problem.code);
    case 'photoNotFound':
      return notFound('CheckinPhotoError', 'id', `Photo ${problem.id} not found`);
    case 'notDelivered':
    case 'windowClosed':
      return checkinProblemToApiError(problem);
    case 'unknownPhotoLine':
      return badRequest('entryNumber', `The order has no line ${problem.entryNumber}`, 'CheckinPhotoError');
    case 'tooManyPhotos':
      return badRequest('file', `An order can have at most ${problem.maximum} photos`, 'CheckinPhotoError');
    case 'notAnImage':
      return badRequest('file', 'The file is not a photo: send a JPEG, PNG or WebP image', 'CheckinPhotoError');
    case 'imageTooLarge':
      return new ApiError(413, 'CheckinPhotoError', `A photo may be at most ${problem.maximumBytes / 1024 / 1024} MB`, 'tooLarge', 'file');
    case 'tooManyPixels':
      return badRequest('file', `The photo is too large to read: at most ${problem.maximumPixels / 1_000_000} megapixels`, 'CheckinPhotoError');
  }
}
