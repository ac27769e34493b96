import type { Db } from '../db/client';
import { fail, ok, type Result } from '../errors/result';
import { money } from '../pricing/money';
import { eligibility } from './check-in';
import { londonWallClock } from '../time/london-time';
import { addDays } from '../time/calendar-date';
import { creditRequestOf, deliveredLines, findCheckin, findShipToOrder, orderPhotos, uncheckedDeliveries } from './checkin-queries';
import type { CheckinProblem } from './problems';

/** Where the API serves a photo (the storefront passes it through on its own origin). */
export const photoPath = (code: string, id: number) => `/occ/v2/b2b/users/current/orders/${encodeURIComponent(code)}/checkin/photos/${id}`;

/**
 * The check-in of an order as its page shows it: whether it can be checked in now and until when, what was
 * recorded, the photos, and the credit request it made with its status and lines.
 */
export async function checkinView(db: Db, userId: number, code: string, now: Date, windowHours: number): Promise<Result<CheckinView, Extract<CheckinProblem, { kind: 'orderNotFound' }>>> {
  const found = await findShipToOrder(db, userId, code);
  if (!found) return fail({ kind: 'orderNotFound', code });
  const { order } = found;
  const checkin = await findCheckin(db, order.id);
  const open = await eligibility(db, order, now, windowHours, checkin !== undefined);
  const lines = await deliveredLines(db, order.id);
  const byEntry = new Map(lines.map((line) => [line.entryNumber, line]));
  const credit = await creditRequestOf(db, order.id);
  return ok({
    eligible: open.eligible,
    deadline: open.deadline?.toISOString() ?? null,
    ...(open.eligible ? {} : { reasonNotEligible: open.problem.kind }),
    checkin: checkin
      ? {
          checkedInAt: checkin.checkedInAt.toISOString(),
          checkedInBy: checkin.by,
          lines: checkin.lines.map((line) => ({
            entryNumber: line.lineNumber,
            productCode: byEntry.get(line.lineNumber)?.productCode ?? '',
            name: byEntry.get(line.lineNumber)?.name ?? '',
            deliveredQuantity: byEntry.get(line.lineNumber)?.deliveredQuantity ?? 0,
            receivedQuantity: line.receivedQuantity,
            damagedQuantity: line.damagedQuantity,
            reason: line.reason,
            note: line.note,
          })),
        }
      : null,
    photos: (await orderPhotos(db, order.id)).map((photo) => ({ ...photo, url: photoPath(order.code, photo.id) })),
    creditRequest: credit
      ? {
          code: credit.request.code,
          status: credit.request.status,
          net: money(credit.request.netPence),
          vat: money(credit.request.vatPence),
          gross: money(credit.request.grossPence),
          credited: credit.request.creditedPence === null ? null : money(credit.request.creditedPence),
          creditNoteNumber: credit.request.creditNoteNumber,
          lines: credit.lines.map((line) => ({
            entryNumber: line.lineNumber,
            productCode: byEntry.get(line.lineNumber)?.productCode ?? '',
            name: byEntry.get(line.lineNumber)?.name ?? '',
            quantity: line.quantity,
            reason: line.reason,
            net: money(line.netPence),
            vat: money(line.vatPence),
          })),
        }
      : null,
  });
}

type MoneyView = ReturnType<typeof money>;

export interface CheckinView {
  eligible: boolean;
  deadline: string | null;
  reasonNotEligible?: 'notDelivered' | 'windowClosed' | 'alreadyCheckedIn';
  checkin: {
    checkedInAt: string;
    checkedInBy: string;
    lines: { entryNumber: number; productCode: string; name: string; deliveredQuantity: number; receivedQuantity: number; damagedQuantity: number; reason: string | null; note: string | null }[];
  } | null;
  photos: { id: number; entryNumber: number | null; url: string }[];
  creditRequest: {
    code: string;
    status: string;
    net: MoneyView;
    vat: MoneyView;
    gross: MoneyView;
    credited: MoneyView | null;
    creditNoteNumber: string | null;
    lines: { entryNumber: number; productCode: string; name: string; quantity: number; reason: string; net: MoneyView; vat: MoneyView }[];
  } | null;
}

export interface DueCheckin {
  code: string;
  deliveryDate: string;
  shipTo: { code: string; name: string };
  deadline: string;
}

/**
 * Deliveries of the user's ship-tos still waiting to be checked in, the soonest deadline first: for Home and the
 * order list. Only orders delivered in the last window (and a week's slack for late reports) are looked at.
 */
export async function dueCheckins(db: Db, userId: number, now: Date, windowHours: number): Promise<DueCheckin[]> {
  const since = addDays(londonWallClock(new Date(now.getTime() - windowHours * 3_600_000)).date, -7);
  const due: DueCheckin[] = [];
  for (const { order, shipToName } of await uncheckedDeliveries(db, userId, since)) {
    const open = await eligibility(db, order, now, windowHours, false);
    if (open.eligible) due.push({ code: order.code, deliveryDate: order.deliveryDate, shipTo: { code: order.shipToCode, name: shipToName }, deadline: open.deadline.toISOString() });
  }
  return due.sort((a, b) => a.deadline.localeCompare(b.deadline));
}
