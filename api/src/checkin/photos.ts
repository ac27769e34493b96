import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkinPhotos } from '../db/schema';
import { fail, ok, type Result } from '../errors/result';
import { inTransaction } from '../errors/transaction';
import { eligibility } from './check-in';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS_PER_ORDER, STORED_PHOTO_EDGE } from './checkin-rules';
import { findPhoto, findShipToOrder } from './checkin-queries';
import type { PhotoProblem } from './problems';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface StoredImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
}

/**
 * A photo as it is kept: decoded by sharp (JPEG, PNG or WebP only; more than MAX_PHOTO_PIXELS is refused before
 * decoding), turned upright, scaled down to STORED_PHOTO_EDGE and re-encoded as a JPEG. Sharp writes no metadata
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
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: STORED_PHOTO_EDGE, height: STORED_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return ok({ bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return fail(/pixel limit/i.test(message) ? { kind: 'tooManyPixels', maximumPixels: MAX_PHOTO_PIXELS } : { kind: 'notAnImage' });
  }
}

/**
 * Keeps one photo of a delivered order while its check-in window is open, before or after the check-in:
 * at most MAX_PHOTOS_PER_ORDER, counted under the order's row lock so two uploads at once cannot make a sixth.
 */
export async function addPhoto(db: Db, userId: number, code: string, image: Buffer, now: Date, windowHours: number): Promise<Result<{ id: number }, PhotoProblem>> {
  // The image is decoded before the transaction: no row is locked while sharp works.
  const found = await findShipToOrder(db, userId, code);
  if (!found) return fail({ kind: 'orderNotFound', code });
  const stored = await reencodePhoto(image);
  if (!stored.ok) return stored;
  return inTransaction<{ id: number }, PhotoProblem>(db, async (tx) => {
    const locked = await findShipToOrder(tx, userId, code, true);
    if (!locked) return fail({ kind: 'orderNotFound', code });
    const open = await eligibility(tx, locked.order, now, windowHours, false);
    // Checked in or not: photos may follow the check-in while the window is open.
    if (!open.eligible && open.problem.kind !== 'alreadyCheckedIn') return fail(open.problem);
    const [counted] = await tx.select({ n: count() }).from(checkinPhotos).where(eq(checkinPhotos.orderId, locked.order.id));
    if ((counted?.n ?? 0) >= MAX_PHOTOS_PER_ORDER) return fail({ kind: 'tooManyPhotos', maximum: MAX_PHOTOS_PER_ORDER });
    const [row] = await tx
      .insert(checkinPhotos)
      .values({ orderId: locked.order.id, userId, contentType: stored.value.contentType, width: stored.value.width, height: stored.value.height, bytes: stored.value.bytes })
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
