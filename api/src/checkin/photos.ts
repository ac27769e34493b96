import sharp from 'sharp';
import { and, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { checkinPhotos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { eligibility } from './check-in';
import { MAX_CONCURRENT_PHOTO_DECODES, MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS_PER_ORDER, PHOTO_DECODE_PIXEL_BUDGET, STORED_PHOTO_EDGE } from './checkin-rules';
import { deliveredLines, findPhoto, findShipToOrder } from './checkin-queries';
import { DecodeGate } from './photo-decoding';
import type { OrderRow } from '../orders/order-queries';
import type { PhotoProblem } from './problems';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** One gate for the process: decoding is what costs memory, whichever order or user it is for. */
export const photoDecodes = new DecodeGate(MAX_CONCURRENT_PHOTO_DECODES, PHOTO_DECODE_PIXEL_BUDGET);
// libvips would otherwise keep recent decodes in its cache, so the memory of a burst was never handed back.
sharp.cache(false);

export interface StoredImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
}

/**
 * A photo as it is kept: decoded by sharp (JPEG, PNG or WebP only; more than MAX_PHOTO_PIXELS is refused from
 * the header, before decoding; the decode itself waits its turn at the gate), turned upright, scaled down to STORED_PHOTO_EDGE and re-encoded as a JPEG. Sharp writes no metadata
 * unless asked, so EXIF (GPS, camera, time), XMP and ICC profiles of the original are gone.
 */
export async function reencodePhoto(input: Buffer): Promise<Result<StoredImage, PhotoProblem>> {
  if (input.byteLength > MAX_PHOTO_BYTES) return fail({ kind: 'imageTooLarge', maximumBytes: MAX_PHOTO_BYTES });
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  } catch {
    return fail({ kind: 'notAnImage' });
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return fail({ kind: 'notAnImage' });
  if (pixels > MAX_PHOTO_PIXELS) return fail({ kind: 'tooManyPixels', maximumPixels: MAX_PHOTO_PIXELS });
  try {
    const { data, info } = await photoDecodes.run(pixels, () =>
      sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', pages: 1 })
        .rotate()
        .resize({ width: STORED_PHOTO_EDGE, height: STORED_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
    );
    return ok({ bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return fail(/pixel limit/i.test(message) ? { kind: 'tooManyPixels', maximumPixels: MAX_PHOTO_PIXELS } : { kind: 'notAnImage' });
  }
}

/** Whether the order's photos may change now: delivered and its window open, checked in or not. */
async function photosOpen(db: DbOrTx, order: OrderRow, now: Date, windowHours: number): Promise<Result<null, PhotoProblem>> {
  const open = await eligibility(db, order, now, windowHours, false);
  // Checked in or not: photos may follow the check-in while the window is open.
  if (!open.eligible && open.problem.kind !== 'alreadyCheckedIn') return fail(open.problem);
  return ok(null);
}

/** Whether the order may take another photo now: delivered, its window open (checked in or not), fewer than the most. */
async function photoAllowed(db: DbOrTx, order: OrderRow, now: Date, windowHours: number): Promise<Result<null, PhotoProblem>> {
  const open = await photosOpen(db, order, now, windowHours);
  if (!open.ok) return open;
  const [counted] = await db.select({ n: count() }).from(checkinPhotos).where(eq(checkinPhotos.orderId, order.id));
  if ((counted?.n ?? 0) >= MAX_PHOTOS_PER_ORDER) return fail({ kind: 'tooManyPhotos', maximum: MAX_PHOTOS_PER_ORDER });
  return ok(null);
}

/**
 * Keeps one photo of a delivered order while its check-in window is open, before or after the check-in. The
 * cheap checks (the order, its state, window and photo count) come before the upload is even read, so a photo
 * that cannot be kept is never decoded; they are made again under the order's row lock, so two uploads at once
 * cannot make a sixth. `readImage` reads the upload (and answers a too large or broken one itself).
 */
export async function addPhoto(db: Db, userId: number, code: string, entryNumber: number | null, readImage: () => Promise<Buffer>, now: Date, windowHours: number): Promise<Result<{ id: number }, PhotoProblem>> {
  const found = await findShipToOrder(db, userId, code);
  if (!found) return fail({ kind: 'orderNotFound', code });
  const allowed = await photoAllowed(db, found.order, now, windowHours);
  if (!allowed.ok) return allowed;
  if (entryNumber !== null && !(await deliveredLines(db, found.order.id)).some((line) => line.entryNumber === entryNumber)) return fail({ kind: 'unknownPhotoLine', entryNumber });
  // The image is decoded before the transaction: no row is locked while sharp works.
  const stored = await reencodePhoto(await readImage());
  if (!stored.ok) return stored;
  return inTransaction<{ id: number }, PhotoProblem>(db, async (tx) => {
    const locked = await findShipToOrder(tx, userId, code, true);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    const stillAllowed = await photoAllowed(tx, locked.order, now, windowHours);
    if (!stillAllowed.ok) return stillAllowed;
    const [row] = await tx
      .insert(checkinPhotos)
      .values({ orderId: locked.order.id, userId, contentType: stored.value.contentType, width: stored.value.width, height: stored.value.height, bytes: stored.value.bytes, lineNumber: entryNumber })
      .returning({ id: checkinPhotos.id });
    if (!row) throw new Error('photo insert returned nothing');
    return ok({ id: row.id });
  });
}

/** One photo of an order of the user's ship-tos; another ship-to's, or another order's, is not found. */
export async function readPhoto(db: Db, userId: number, code: string, id: number): Promise<Result<{ contentType: string; bytes: Buffer }, PhotoProblem>> {
  const found = await findShipToOrder(db, userId, code);
  if (!found) return fail({ kind: 'orderNotFound', code });
  const photo = await findPhoto(db, found.order.id, id);
  return photo ? ok(photo) : fail({ kind: 'photoNotFound', id });
}

/**
 * Removes one photo of the order while its window is open (a wrong shot, before or after the check-in), by any
 * user of the ship-to; once the window has closed the photos are evidence for the credit request and stay.
 */
export async function removePhoto(db: Db, userId: number, code: string, id: number, now: Date, windowHours: number): Promise<Result<null, PhotoProblem>> {
  return inTransaction<null, PhotoProblem>(db, async (tx) => {
    const locked = await findShipToOrder(tx, userId, code, true);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    const open = await photosOpen(tx, locked.order, now, windowHours);
    if (!open.ok) return open;
    const removed = await tx.delete(checkinPhotos).where(and(eq(checkinPhotos.orderId, locked.order.id), eq(checkinPhotos.id, id))).returning({ id: checkinPhotos.id });
    return removed.length > 0 ? ok(null) : fail({ kind: 'photoNotFound', id });
  });
}
