import type { DbOrTx } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { allCreditRequests, creditLinesOf, creditRequestByCode, photoOfCreditRequest, photosOfOrder, userCreditRequest, userCreditRequests } from './credit-queries';
import type { CreditStatus } from './credit-status';
import { adminCreditRequestView, creditRequestView } from './credit-view';
import type { CreditProblem } from './problems';

/** A customer sees at most this many credit requests at once: a kitchen makes a few a month. */
export const CUSTOMER_LIST_LIMIT = 200;

/** The credit requests of the user's ship-tos, newest first, each with its lines. */
export async function listUserCreditRequests(db: DbOrTx, userId: number, status?: CreditStatus) {
  const records = await userCreditRequests(db, userId, { status, limit: CUSTOMER_LIST_LIMIT });
  const lines = await creditLinesOf(db, records.map((record) => record.request.id));
  return { creditRequests: records.map((record) => creditRequestView(record, lines.get(record.request.id) ?? [])) };
}

/** One credit request of the user's ship-tos; another ship-to's is missing (404), as one that does not exist. */
export async function getUserCreditRequest(db: DbOrTx, userId: number, code: string): Promise<Result<ReturnType<typeof creditRequestView>, CreditProblem>> {
  const record = await userCreditRequest(db, userId, code);
  if (!record) return fail({ kind: 'creditRequestNotFound', code });
  const lines = await creditLinesOf(db, [record.request.id]);
  return ok(creditRequestView(record, lines.get(record.request.id) ?? []));
}

/** The back office's list: a page of every credit request, optionally of one status or ship-to. */
export async function listAdminCreditRequests(db: DbOrTx, filter: { status?: CreditStatus; shipTo?: string; page: number; pageSize: number }) {
  const records = await allCreditRequests(db, { status: filter.status, shipTo: filter.shipTo, limit: filter.pageSize + 1, offset: filter.page * filter.pageSize });
  const shown = records.slice(0, filter.pageSize);
  const lines = await creditLinesOf(db, shown.map((record) => record.request.id));
  return {
    creditRequests: shown.map((record) => adminCreditRequestView(record, lines.get(record.request.id) ?? [], [])),
    hasMore: records.length > filter.pageSize,
  };
}

export type AdminCreditRequestView = ReturnType<typeof adminCreditRequestView>;

/** One credit request for the back office, with its lines and the ids of its check-in's photos. */
export async function getAdminCreditRequest(db: DbOrTx, code: string): Promise<Result<AdminCreditRequestView, CreditProblem>> {
  const record = await creditRequestByCode(db, code);
  if (!record) return fail({ kind: 'creditRequestNotFound', code });
  const [lines, photos] = await Promise.all([creditLinesOf(db, [record.request.id]), photosOfOrder(db, record.request.orderId)]);
  return ok(adminCreditRequestView(record, lines.get(record.request.id) ?? [], photos));
}

/** A photo of the credit request's check-in, for operators only. */
export async function getCreditPhoto(db: DbOrTx, code: string, photoId: number): Promise<Result<{ contentType: string; bytes: Buffer }, CreditProblem>> {
  const photo = await photoOfCreditRequest(db, code, photoId);
  return photo ? ok(photo) : fail({ kind: 'photoNotFound', id: photoId });
}
