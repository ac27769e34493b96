/** Why a check-in or one of its photos was refused: values, answered over HTTP by checkin/problem-answers.ts. */
export type CheckinProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'notDelivered'; code: string; status: string }
  | { kind: 'windowClosed'; code: string; deadline: string }
  | { kind: 'alreadyCheckedIn'; code: string }
  | { kind: 'unknownEntry'; index: number; entryNumber: number }
  | { kind: 'repeatedEntry'; index: number; entryNumber: number }
  | { kind: 'receivedMoreThanDelivered'; index: number; entryNumber: number; delivered: number }
  | { kind: 'damagedMoreThanReceived'; index: number; entryNumber: number }
  | { kind: 'reasonMissing'; index: number; entryNumber: number };

/** Why a photo was refused or cannot be shown. */
export type PhotoProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'photoNotFound'; id: number }
  | { kind: 'notDelivered'; code: string; status: string }
  | { kind: 'windowClosed'; code: string; deadline: string }
  | { kind: 'tooManyPhotos'; maximum: number }
  | { kind: 'unknownPhotoLine'; entryNumber: number }
  | { kind: 'notAnImage' }
  | { kind: 'imageTooLarge'; maximumBytes: number }
  | { kind: 'tooManyPixels'; maximumPixels: number };
