import type { AccountProblem } from '../accounts/problems';
import type { Result as GenericResult } from '../errors/result';

/**
 * Business outcomes of cart and checkout use cases: returned as values, never thrown, and turned into
 * HTTP answers in exactly one place, `carts/problem-answers.ts` (docs/decisions/005-error-model.md).
 */
export type CommerceProblem =
  | AccountProblem
  | { kind: 'cartNotFound'; cartId: string }
  | { kind: 'activeCartNeedsScope'; parameter: 'shipTo' | 'salesOrg' }
  | { kind: 'productUnknown'; productCode: string }
  | { kind: 'productOtherRange'; productCode: string; range: string }
  | { kind: 'productDiscontinued'; productCode: string }
  | { kind: 'belowMinimum'; productCode: string; minimum: number }
  | { kind: 'quantityTooLarge'; productCode: string; maximum: number }
  | { kind: 'cartFull'; maximum: number }
  | { kind: 'entryNotFound'; entryNumber: number }
  | { kind: 'entryProductMismatch'; entryNumber: number; productCode: string }
  | { kind: 'staleVersion'; currentVersion: number }
  | { kind: 'deliveryDateNotOrderable'; date: string; why: string }
  | { kind: 'notSaved' }
  | { kind: 'notSavedCart' }
  | { kind: 'alreadySaved' }
  | { kind: 'emptyCart' }
  | { kind: 'deliveryDateExpired'; date: string; why: string }
  | { kind: 'linesNotOrderable'; lines: { productCode: string; reason: string }[] }
  | { kind: 'deliveryDateMissing' }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' }
  | { kind: 'cartAlreadyOrdered'; orderCode: string }
  | { kind: 'stockShort'; deliveryDate: string; lines: { productCode: string; name: string; quantity: number; available: number }[] }
  | { kind: 'belowMinimumOrder'; minimumOrderPence: number; shortPence: number }
  | { kind: 'idempotencyKeyReused'; orderCode: string };

export type Result<T> = GenericResult<T, CommerceProblem>;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(problem: CommerceProblem): Result<T> => ({ ok: false, problem });
