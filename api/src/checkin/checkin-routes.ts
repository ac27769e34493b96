import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/bearer';
import { checkinProblemToApiError, photoProblemToApiError } from './problem-answers';
import { unwrap } from '../errors/reply';
import { badRequest, tooManyRequests } from '../http/errors';
import { parseInput } from '../http/validate';
import { checkInOrder } from './check-in';
import { rateLimitFor } from '../operations/rate-limit';
import { MAX_PHOTO_BYTES } from './checkin-rules';
import { checkinBody, checkinParams, checkinResponse, checkinViewResponse, dueCheckinsResponse, photoParams, photoQuery, photoResponse } from './checkin-schemas';
import { checkinView, dueCheckins, photoPath } from './checkin-view';
import { addPhoto, readPhoto, removePhoto } from './photos';

const malformed = () => badRequest('file', 'Send the photo as multipart/form-data with one file field');
const tooLarge = () => photoProblemToApiError({ kind: 'imageTooLarge', maximumBytes: MAX_PHOTO_BYTES });

/** The one file of a multipart upload, whole: a broken or cut-off body is the caller's error, never a partial photo. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  const part = await request.file().catch(() => {
    // A body that does not parse as multipart (no boundary, cut off, more parts than one) is the caller's error.
    throw malformed();
  });
  if (!part) throw malformed();
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    // Past MAX_PHOTO_BYTES the plugin stops reading; anything else is a broken upload.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('file', 'The upload was incomplete: send the photo again');
  }
  // Cut short at MAX_PHOTO_BYTES (the rest read and dropped): refused whole, never stored in part.
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/** The check-in at the door (docs/after-delivery.md "Check-in at the door"), under /occ/v2/b2b. */
export async function checkinRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const windowHours = app.deps.config.checkinWindowHours;
  // Per user, refused uploads included (CHECKIN_PHOTO_UPLOADS_PER_HOUR): a few deliveries' photos and their retries.
  const uploads = rateLimitFor(app, { name: 'checkin-photo-uploads', limit: app.deps.config.checkinPhotoUploadsPerHour, windowSeconds: 3600 });
  // Multipart only here (this plugin's scope): one file, nothing else, at most MAX_PHOTO_BYTES.
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.get('/users/current/orders/:code/checkin', { schema: { response: checkinViewResponse } }, async (request) => {
    const { code } = parseInput(checkinParams, request.params, 'params');
    return unwrap(await checkinView(db, currentUser(request).id, code, app.clock(), windowHours), checkinProblemToApiError);
  });

  app.post('/users/current/orders/:code/checkin', { schema: { response: checkinResponse } }, async (request, reply) => {
    const user = currentUser(request);
    const { code } = parseInput(checkinParams, request.params, 'params');
    const body = parseInput(checkinBody, request.body, 'body');
    unwrap(await checkInOrder(db, { userId: user.id, name: user.name, cause: request.cause }, code, body.lines, app.clock(), windowHours), checkinProblemToApiError);
    const view = unwrap(await checkinView(db, user.id, code, app.clock(), windowHours), checkinProblemToApiError);
    return reply.code(view.creditRequest ? 201 : 200).send({ creditRequest: view.creditRequest });
  });

  app.post('/users/current/orders/:code/checkin/photos', { schema: { response: photoResponse } }, async (request, reply) => {
    const user = currentUser(request);
    // Counted before anything is read or looked up: a flood of uploads costs a counter each.
    const allowance = await uploads.consume(String(user.id));
    if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
    const { code } = parseInput(checkinParams, request.params, 'params');
    if (!request.isMultipart()) throw malformed();
    const { entryNumber } = parseInput(photoQuery, request.query, 'query');
    const added = unwrap(await addPhoto(db, user.id, code, entryNumber ?? null, () => readUpload(request), app.clock(), windowHours), photoProblemToApiError);
    return reply.code(201).send({ id: added.id, url: photoPath(code, added.id) });
  });

  app.delete('/users/current/orders/:code/checkin/photos/:id', async (request, reply) => {
    const { code, id } = parseInput(photoParams, request.params, 'params');
    unwrap(await removePhoto(db, currentUser(request).id, code, id, app.clock(), windowHours), photoProblemToApiError);
    return reply.code(204).send();
  });

  app.get('/users/current/checkins/due', { schema: { response: dueCheckinsResponse } }, async (request) => ({
    deliveries: await dueCheckins(db, currentUser(request).id, app.clock(), windowHours),
  }));

  app.get('/users/current/orders/:code/checkin/photos/:id', async (request, reply) => {
    const { code, id } = parseInput(photoParams, request.params, 'params');
    const photo = unwrap(await readPhoto(db, currentUser(request).id, code, id), photoProblemToApiError);
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes);
  });
}
