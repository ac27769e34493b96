import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { checkinLines, checkinPhotos, creditRequests, mailMessages, orderCheckins, orders, outboxMessages } from '../src/db/schema';
import { lineAmounts } from '../src/pricing/money';
import { cameraJpeg, deliveredOrder, pngBomb, uploadPhoto } from './support/checkin-helpers';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken } from './support/integration-client';
import { photoDecodes } from '../src/checkin/photos';
import { MAX_CONCURRENT_PHOTO_DECODES, PHOTO_DECODE_PIXEL_BUDGET } from '../src/checkin/checkin-rules';
import { eventually, placeTestOrder } from './support/order-helpers';
import { dispatch } from './support/outbox-helpers';
import { setClock } from './support/test-clock';
import { BASE, startTestServer, type TestServer } from './support/test-server';
import { TEST_WEBHOOK_SECRET, WebhookReceiver } from './support/webhook-receiver';

interface CheckinView {
  eligible: boolean;
  deadline: string | null;
  reasonNotEligible?: string;
  checkin: { checkedInBy: string; lines: { entryNumber: number; receivedQuantity: number; damagedQuantity: number; reason: string | null; note: string | null }[] } | null;
  photos: { id: number; url: string }[];
  creditRequest: { code: string; status: string; net: { valuePence: number }; vat: { valuePence: number }; gross: { valuePence: number }; lines: { entryNumber: number; quantity: number; reason: string; net: { valuePence: number }; vat: { valuePence: number } }[] } | null;
}

interface OrderEntries {
  entries: { entryNumber: number; basePrice: { valuePence: number }; product: { code: string; vatRateBp: number } }[];
}

const UPLOADS_PER_HOUR = 120;

const headersOf = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));

describe('check-in at the door: POST/GET /users/current/orders/{code}/checkin and its photos', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  let solo: Shopper;
  let other: Shopper;
  let erp: string;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      env: {
        ...integrationEnv(),
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        TEST_CLOCK_CONTROL: 'true',
        SHOP_URL: 'https://shop.meadowvale.example',
        // The whole file uploads as one user; the limit's own test counts up to it as another.
        CHECKIN_PHOTO_UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR),
      },
    });
    solo = await shopper(server, SOLO);
    other = await shopper(server, MULTI_DAIR);
    erp = await integrationToken(server);
  });
  after(async () => {
    await server.close();
    await receiver.stop();
  });

  const view = async (who: Shopper, code: string) => who.call('GET', `/users/current/orders/${code}/checkin`, { scoped: false });
  const post = (who: Shopper, code: string, lines: unknown[]) => who.call('POST', `/users/current/orders/${code}/checkin`, { body: { lines }, scoped: false });
  const stored = async (code: string) => {
    const [order] = await server.database.db.select({ id: orders.id }).from(orders).where(eq(orders.code, code));
    assert.ok(order);
    const db = server.database.db;
    const [checkins] = await db.select({ n: count() }).from(orderCheckins).where(eq(orderCheckins.orderId, order.id));
    const [lines] = await db.select({ n: count() }).from(checkinLines).where(eq(checkinLines.orderId, order.id));
    const [photos] = await db.select({ n: count() }).from(checkinPhotos).where(eq(checkinPhotos.orderId, order.id));
    const [credits] = await db.select({ n: count() }).from(creditRequests).where(eq(creditRequests.orderId, order.id));
    return { checkins: checkins?.n, lines: lines?.n, photos: photos?.n, credits: credits?.n };
  };

  it('is open only on a delivered order, from its delivery for CHECKIN_WINDOW_HOURS, with a clear 409 otherwise', async () => {
    const placed = await placeTestOrder(server, solo, [1]);
    const notYet = (await view(solo, placed.code)).body as unknown as CheckinView;
    assert.deepEqual([notYet.eligible, notYet.reasonNotEligible, notYet.deadline, notYet.checkin, notYet.creditRequest], [false, 'notDelivered', null, null, null]);
    const early = await post(solo, placed.code, []);
    assert.equal(early.status, 409);
    assert.equal(early.body.errors?.[0]?.reason, 'notDelivered');
    assert.match(early.body.errors?.[0]?.message ?? '', /only a delivered order can be checked in/);

    const order = await deliveredOrder(server, erp, solo, [2]);
    const open = (await view(solo, order.code)).body as unknown as CheckinView;
    assert.equal(open.eligible, true);
    const changes = (await solo.call('GET', `/users/current/orders/${order.code}`, { scoped: false })).body.statusChanges as { status: string; changedAt: string }[];
    const delivered = Date.parse(changes.find((change) => change.status === 'delivered')?.changedAt ?? '');
    const deadline = Date.parse(open.deadline ?? '');
    assert.equal(deadline, delivered + 48 * 3_600_000, `deadline ${open.deadline} is 48 hours after delivery`);
    try {
      await setClock(server, new Date(deadline + 60_000).toISOString());
      const closed = (await view(solo, order.code)).body as unknown as CheckinView;
      assert.deepEqual([closed.eligible, closed.reasonNotEligible], [false, 'windowClosed']);
      const late = await post(solo, order.code, [{ entryNumber: 0, receivedQuantity: 1, reason: 'short' }]);
      assert.equal(late.status, 409);
      assert.equal(late.body.errors?.[0]?.reason, 'windowClosed');
      assert.match(late.body.errors?.[0]?.message ?? '', /check-in of order MV-\d+ closed at \d\d:\d\d on /);
      assert.equal((await uploadPhoto(server, solo, order.code, await cameraJpeg())).status, 409);
      assert.deepEqual(await stored(order.code), { checkins: 0, lines: 0, photos: 0, credits: 0 });

      await setClock(server, new Date(deadline - 60_000).toISOString());
      const inTime = await post(solo, order.code, [{ entryNumber: 0, receivedQuantity: 1, reason: 'short' }]);
      assert.equal(inTime.status, 201, JSON.stringify(inTime.body));
    } finally {
      await setClock(server, null);
    }
  });

  it('credits what did not arrive plus what arrived damaged, at the order line prices; once per order', async () => {
    // 3 and 2 ordered; the warehouse delivered 2 and 2.
    const order = await deliveredOrder(server, erp, solo, [3, 2], [2, 2]);
    const answer = await post(solo, order.code, [
      { entryNumber: 0, receivedQuantity: 1, damagedQuantity: 0, reason: 'short' },
      { entryNumber: 1, receivedQuantity: 2, damagedQuantity: 1, reason: 'damaged', note: '  One case crushed  ' },
    ]);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    const credit = (answer.body as unknown as CheckinView).creditRequest;
    assert.ok(credit);
    assert.match(credit.code, /^CR-\d{6}$/);
    assert.equal(credit.status, 'requested');
    const entries = ((await solo.call('GET', `/users/current/orders/${order.code}`, { scoped: false })).body as unknown as OrderEntries).entries;
    const expected = entries.map((entry) => lineAmounts(entry.basePrice.valuePence, 1, entry.product.vatRateBp));
    assert.deepEqual(
      credit.lines.map((line) => [line.entryNumber, line.quantity, line.reason, line.net.valuePence, line.vat.valuePence]),
      [
        [0, 1, 'short', expected[0]?.netPence, expected[0]?.vatPence],
        [1, 1, 'damaged', expected[1]?.netPence, expected[1]?.vatPence],
      ],
    );
    const net = expected.reduce((sum, line) => sum + line.netPence, 0);
    const vat = expected.reduce((sum, line) => sum + line.vatPence, 0);
    assert.deepEqual([credit.net.valuePence, credit.vat.valuePence, credit.gross.valuePence], [net, vat, net + vat]);

    const seen = (await view(solo, order.code)).body as unknown as CheckinView;
    assert.deepEqual([seen.eligible, seen.reasonNotEligible, seen.creditRequest?.code], [false, 'alreadyCheckedIn', credit.code]);
    assert.deepEqual(
      seen.checkin?.lines.map((line) => [line.entryNumber, line.receivedQuantity, line.damagedQuantity, line.reason, line.note]),
      [
        [0, 1, 0, 'short', null],
        [1, 2, 1, 'damaged', 'One case crushed'],
      ],
    );
    const again = await post(solo, order.code, [{ entryNumber: 0, receivedQuantity: 0, reason: 'short' }]);
    assert.equal(again.status, 409);
    assert.equal(again.body.errors?.[0]?.reason, 'alreadyCheckedIn');
    assert.deepEqual(await stored(order.code), { checkins: 1, lines: 2, photos: 0, credits: 1 });
  });

  it('never credits more than was delivered: impossible quantities and missing reasons are 400s naming the line, and change nothing', async () => {
    const order = await deliveredOrder(server, erp, solo, [4, 2], [3, 2]);
    const refusals: [unknown[], string][] = [
      [[{ entryNumber: 0, receivedQuantity: 4, reason: 'short' }], 'lines.0.receivedQuantity'],
      [[{ entryNumber: 1, receivedQuantity: 1, damagedQuantity: 2, reason: 'damaged' }], 'lines.0.damagedQuantity'],
      [[{ entryNumber: 0, receivedQuantity: 2 }], 'lines.0.reason'],
      [[{ entryNumber: 1, receivedQuantity: 2 }, { entryNumber: 1, receivedQuantity: 2 }], 'lines.1.entryNumber'],
      [[{ entryNumber: 7, receivedQuantity: 0, reason: 'short' }], 'lines.0.entryNumber'],
      [[{ entryNumber: 0, receivedQuantity: -1, reason: 'short' }], 'lines.0.receivedQuantity'],
      [[{ entryNumber: 0, receivedQuantity: 1, reason: 'lost' }], 'lines.0.reason'],
      [[{ entryNumber: 0, receivedQuantity: 1.5, reason: 'short' }], 'lines.0.receivedQuantity'],
    ];
    for (const [lines, subject] of refusals) {
      const refused = await post(solo, order.code, lines);
      assert.equal(refused.status, 400, `${JSON.stringify(lines)}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.errors?.[0]?.subject, subject);
    }
    for (const body of ['nonsense', { lines: 'all' }, { lines: [null] }]) {
      const response = await server.request(`${BASE}/users/current/orders/${order.code}/checkin`, { method: 'POST', token: solo.token, body: JSON.stringify(body) });
      assert.equal(response.status, 400);
    }
    assert.deepEqual(await stored(order.code), { checkins: 0, lines: 0, photos: 0, credits: 0 });
    // Nothing received at all, and everything that came damaged: exactly what was delivered, no more.
    const all = await post(solo, order.code, [
      { entryNumber: 0, receivedQuantity: 0, reason: 'temperature' },
      { entryNumber: 1, receivedQuantity: 2, damagedQuantity: 2, reason: 'outOfDate' },
    ]);
    assert.equal(all.status, 201);
    assert.deepEqual((all.body as unknown as CheckinView).creditRequest?.lines.map((line) => line.quantity), [3, 2]);
  });

  it('answers 200 with no credit request when everything arrived, and writes no event', async () => {
    const order = await deliveredOrder(server, erp, solo, [2, 1]);
    const fine = await post(solo, order.code, [{ entryNumber: 0, receivedQuantity: 2, damagedQuantity: 0, reason: 'short' }]);
    assert.equal(fine.status, 200, JSON.stringify(fine.body));
    assert.equal(fine.body.creditRequest, null);
    const seen = (await view(solo, order.code)).body as unknown as CheckinView;
    assert.deepEqual(seen.checkin?.lines.map((line) => [line.receivedQuantity, line.reason]), [[2, null], [1, null]]);
    const events = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.orderingKey, order.code), eq(outboxMessages.type, 'credit.requested')));
    assert.equal(events.length, 0);
  });

  it('takes one of two check-ins sent at once: one 201, one 409, one credit request', async () => {
    const order = await deliveredOrder(server, erp, solo, [2]);
    const lines = [{ entryNumber: 0, receivedQuantity: 1, reason: 'short' }];
    const answers = await Promise.all([post(solo, order.code, lines), post(solo, order.code, lines)]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409], JSON.stringify(answers.map((a) => a.body)));
    assert.deepEqual(await stored(order.code), { checkins: 1, lines: 1, photos: 0, credits: 1 });
  });

  it('re-encodes photos without their metadata, refuses what is not a photo, too large, a bomb or a sixth, changing nothing', async () => {
    const order = await deliveredOrder(server, erp, solo, [1]);
    const first = await uploadPhoto(server, solo, order.code, await cameraJpeg());
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const served = await server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos/${first.body.id}`, { token: solo.token });
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.deepEqual([meta.width, meta.height], [1200, 900]);
    assert.equal(meta.exif, undefined, 'no EXIF (GPS, camera) left');
    assert.equal(meta.xmp, undefined);

    const refusals: [string, Uint8Array, string, number, RegExp][] = [
      ['a text file', Buffer.from('This is not a photo at all'), 'text/plain', 400, /not a photo/],
      ['a PDF named .jpg', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'image/jpeg', 400, /not a photo/],
      ['a truncated JPEG', (await cameraJpeg()).subarray(0, 400), 'image/jpeg', 400, /not a photo/],
      ['50 MB', Buffer.alloc(50 * 1024 * 1024, 7), 'image/jpeg', 413, /at most 10 MB/],
      ['a decompression bomb', pngBomb(), 'image/png', 400, /megapixels/],
    ];
    for (const [what, bytes, type, status, message] of refusals) {
      const refused = await uploadPhoto(server, solo, order.code, bytes, type);
      assert.equal(refused.status, status, `${what}: ${JSON.stringify(refused.body)}`);
      assert.match(refused.body.errors?.[0]?.message ?? '', message, what);
      assert.equal((await stored(order.code)).photos, 1, `${what} changed nothing`);
    }
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0a0' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#00a' } }).webp().toBuffer();
    for (const [bytes, type] of [[png, 'image/png'], [webp, 'image/webp'], [await cameraJpeg(), 'image/jpeg'], [await cameraJpeg(), 'image/jpeg']] as const) {
      assert.equal((await uploadPhoto(server, solo, order.code, bytes, type)).status, 201);
    }
    const decoded = photoDecodes.stats.started;
    const sixth = await uploadPhoto(server, solo, order.code, await cameraJpeg());
    assert.equal(sixth.status, 400);
    assert.equal(photoDecodes.stats.started, decoded, 'a sixth is refused before it is decoded');
    assert.match(sixth.body.errors?.[0]?.message ?? '', /at most 5 photos/);
    const seen = (await view(solo, order.code)).body as unknown as CheckinView;
    assert.equal(seen.photos.length, 5);
    const big = seen.photos[2];
    assert.ok(big);
    const bigMeta = await sharp(Buffer.from(await (await server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos/${big.id}`, { token: solo.token })).arrayBuffer())).metadata();
    assert.deepEqual([bigMeta.format, bigMeta.width, bigMeta.height], ['jpeg', 1536, 2048], 'scaled down to 2048 at most');
    const noFile = await server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos`, { method: 'POST', token: solo.token, body: JSON.stringify({ file: 'x' }) });
    assert.equal(noFile.status, 400);
    const malformedBodies: [string, string][] = [
      ['multipart/form-data; boundary=x', JSON.stringify({ file: 'x' })],
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc'],
      ['multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="note"\r\n\r\nhello\r\n--x--\r\n'],
    ];
    for (const [contentType, body] of malformedBodies) {
      const malformed = await server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos`, { method: 'POST', token: solo.token, headers: { 'content-type': contentType }, body });
      assert.ok([400, 413, 415].includes(malformed.status), `${contentType} ${body}: ${malformed.status} ${await malformed.text()}`);
    }
    assert.equal((await stored(order.code)).photos, 5);
  });

  it('refuses a photo it cannot keep before decoding it: closed window, not delivered, full order, another ship-to, too many pixels', async () => {
    // 7000 × 7000: 49 megapixels, just under the limit, in a few hundred bytes.
    const bomb = pngBomb(7000, 7000);
    const decodes = () => photoDecodes.stats.started;
    const before = decodes();
    const placed = await placeTestOrder(server, solo, [1]);
    const notDelivered = await uploadPhoto(server, solo, placed.code, bomb, 'image/png');
    assert.deepEqual([notDelivered.status, notDelivered.body.errors?.[0]?.type], [409, 'CheckinError']);
    const order = await deliveredOrder(server, erp, solo, [1]);
    assert.equal((await uploadPhoto(server, other, order.code, bomb, 'image/png')).status, 404);
    const overLimit = await uploadPhoto(server, solo, order.code, pngBomb(8000, 6251), 'image/png');
    assert.equal(overLimit.status, 400);
    assert.match(overLimit.body.errors?.[0]?.message ?? '', /at most 50 megapixels/);
    const { deadline } = (await view(solo, order.code)).body as unknown as CheckinView;
    try {
      await setClock(server, new Date(Date.parse(deadline ?? '') + 30 * 86_400_000).toISOString());
      const late = await Promise.all(Array.from({ length: 16 }, () => uploadPhoto(server, solo, order.code, bomb, 'image/png')));
      assert.deepEqual([...new Set(late.map((answer) => answer.status))], [409]);
      assert.match(late[0]?.body.errors?.[0]?.message ?? '', /closed at/);
    } finally {
      await setClock(server, null);
    }
    assert.equal(decodes(), before, 'nothing was decoded');
    assert.equal((await stored(order.code)).photos, 0);
  });

  it('decodes at most MAX_CONCURRENT_PHOTO_DECODES photos at once, within the pixel budget', async () => {
    const order = await deliveredOrder(server, erp, solo, [1]);
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#a50' } }).png().toBuffer();
    const before = photoDecodes.stats.started;
    const answers = await Promise.all(Array.from({ length: 4 }, () => uploadPhoto(server, solo, order.code, photo, 'image/png')));
    assert.deepEqual(answers.map((answer) => answer.status), [201, 201, 201, 201]);
    assert.equal(photoDecodes.stats.started - before, 4);
    assert.ok(photoDecodes.stats.peakDecodes <= MAX_CONCURRENT_PHOTO_DECODES, `at most ${MAX_CONCURRENT_PHOTO_DECODES} at once`);
    assert.ok(photoDecodes.stats.peakPixels <= PHOTO_DECODE_PIXEL_BUDGET);
  });

  it('limits the photo uploads one user may start, answering 429 past the limit', async () => {
    const head = await shopper(server, { username: 'head@example.com', shipTo: '0000410002', salesOrg: 'DAIR' });
    const order = await placeTestOrder(server, solo, [1]);
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOADS_PER_HOUR; i++) statuses.push((await uploadPhoto(server, head, order.code, Buffer.from('x'))).status);
    assert.deepEqual([...new Set(statuses.slice(0, -1))], [404], 'within the limit: answered as usual');
    assert.equal(statuses.at(-1), 429);
  });

  it('ties a photo to a line, removes one while the window is open, and lists the deliveries waiting to be checked in', async () => {
    const order = await deliveredOrder(server, erp, solo, [2, 1]);
    const due = async (who: Shopper) => ((await who.call('GET', '/users/current/checkins/due', { scoped: false })).body.deliveries as { code: string; deadline: string; shipTo: { code: string } }[]).find((d) => d.code === order.code);
    const waiting = await due(solo);
    const { deadline } = (await view(solo, order.code)).body as unknown as CheckinView;
    assert.deepEqual([waiting?.deadline, waiting?.shipTo.code], [deadline, SOLO.shipTo]);
    assert.equal(await due(other), undefined, "another ship-to's delivery is not listed");

    const upload = (query: string) => {
      const form = new FormData();
      return cameraJpeg().then((bytes) => {
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
        return server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos${query}`, { method: 'POST', token: solo.token, body: form });
      });
    };
    const ofLine = await upload('?entryNumber=1');
    assert.equal(ofLine.status, 201);
    const loose = (await uploadPhoto(server, solo, order.code, await cameraJpeg())).body.id;
    const unknownLine = await upload('?entryNumber=7');
    assert.equal(unknownLine.status, 400);
    assert.equal(((await unknownLine.json()) as { errors: { subject: string }[] }).errors[0]?.subject, 'entryNumber');
    const lineId = ((await ofLine.json()) as { id: number }).id;
    const photos = () => ((view(solo, order.code)) as Promise<{ body: unknown }>).then((answer) => (answer.body as { photos: { id: number; entryNumber: number | null }[] }).photos);
    assert.deepEqual(await photos(), [{ id: lineId, entryNumber: 1, url: `${BASE}/users/current/orders/${order.code}/checkin/photos/${lineId}` }, { id: loose, entryNumber: null, url: `${BASE}/users/current/orders/${order.code}/checkin/photos/${String(loose)}` }]);

    const remove = (who: Shopper, id: unknown) => server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos/${String(id)}`, { method: 'DELETE', token: who.token });
    assert.equal((await remove(other, loose)).status, 404);
    assert.equal((await remove(solo, loose)).status, 204);
    assert.equal((await remove(solo, loose)).status, 404);
    assert.deepEqual((await photos()).map((photo) => photo.id), [lineId]);

    assert.equal((await post(solo, order.code, [])).status, 200);
    assert.equal(await due(solo), undefined, 'checked in: no longer waiting');
    try {
      await setClock(server, new Date(Date.parse(deadline ?? '') + 60_000).toISOString());
      const closed = await remove(solo, lineId);
      assert.equal(closed.status, 409, 'after the window the photos stay');
    } finally {
      await setClock(server, null);
    }
    assert.equal((await stored(order.code)).photos, 1);
  });

  it("answers another ship-to's check-in, photos and photo ids exactly like a missing order (404)", async () => {
    const order = await deliveredOrder(server, erp, solo, [2]);
    const photo = await uploadPhoto(server, solo, order.code, await cameraJpeg());
    assert.equal(photo.status, 201);
    assert.equal((await view(other, order.code)).status, 404);
    assert.equal((await post(other, order.code, [{ entryNumber: 0, receivedQuantity: 0, reason: 'short' }])).status, 404);
    assert.equal((await uploadPhoto(server, other, order.code, await cameraJpeg())).status, 404);
    assert.equal((await server.request(`${BASE}/users/current/orders/${order.code}/checkin/photos/${photo.body.id}`, { token: other.token })).status, 404);
    assert.equal((await view(solo, 'MV-999999')).status, 404);
    // A photo id of another order, under this order's code.
    const second = await deliveredOrder(server, erp, solo, [1]);
    assert.equal((await server.request(`${BASE}/users/current/orders/${second.code}/checkin/photos/${photo.body.id}`, { token: solo.token })).status, 404);
    assert.deepEqual(await stored(order.code), { checkins: 0, lines: 0, photos: 1, credits: 0 });
  });

  it('sends credit.requested to the ERP signed as Standard Webhooks says, and e-mails the buyer', async () => {
    const order = await deliveredOrder(server, erp, solo, [3, 1], [3, 1]);
    const answer = await post(solo, order.code, [{ entryNumber: 0, receivedQuantity: 3, damagedQuantity: 2, reason: 'quality', note: 'Soft and mouldy' }]);
    assert.equal(answer.status, 201);
    const code = (answer.body as unknown as CheckinView).creditRequest?.code ?? '';
    const delivery = await receiver.arrival((d) => d.body.includes('credit.requested') && d.body.includes(code));
    const verified = new Webhook(TEST_WEBHOOK_SECRET).verify(delivery.body, headersOf(delivery.headers)) as {
      type: string;
      data: {
        creditRequest: { code: string; orderCode: string; shipTo: string; soldTo: string; status: string; lines: { entryNumber: number; productCode: string; quantity: number; reason: string; note: string | null; net: number; vat: number }[]; net: number; vat: number; gross: number };
        requestedBy: { userId: number; name: string };
      };
    };
    assert.equal(verified.type, 'credit.requested');
    const request = verified.data.creditRequest;
    assert.deepEqual([request.code, request.orderCode, request.shipTo, request.status], [code, order.code, SOLO.shipTo, 'requested']);
    assert.equal(request.lines.length, 1);
    assert.deepEqual([request.lines[0]?.entryNumber, request.lines[0]?.quantity, request.lines[0]?.reason, request.lines[0]?.note], [0, 2, 'quality', 'Soft and mouldy']);
    assert.equal(request.gross, request.net + request.vat);
    assert.equal(typeof verified.data.requestedBy.name, 'string');
    assert.throws(() => new Webhook(TEST_WEBHOOK_SECRET).verify(delivery.body.replace(code, 'CR-999999'), headersOf(delivery.headers)));

    await dispatch(server);
    const mails = await server.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, SOLO.username));
    const mail = mails.find((m) => m.subject.startsWith(`Credit request ${code} for order ${order.code}`));
    assert.ok(mail, mails.map((m) => m.subject).join('\n'));
    assert.ok(mail.text.includes('Soft and mouldy'), mail.text);
    assert.ok(mail.text.includes(`https://shop.meadowvale.example/account/orders/${order.code}/`), mail.text);
  });

  it('any user of the ship-to opens the order and checks it in; the request is e-mailed to every user of the ship-to who wants it', async () => {
    // multi@example.com placed it at Quayside; buyer@example.com and head@example.com hold Quayside too.
    const colleague = await shopper(server, { username: 'buyer@example.com', shipTo: MULTI_DAIR.shipTo, salesOrg: 'DAIR' });
    const head = await shopper(server, { username: 'head@example.com', shipTo: MULTI_DAIR.shipTo, salesOrg: 'DAIR' });
    const order = await deliveredOrder(server, erp, other, [3], [3]);
    const seen = await colleague.call('GET', `/users/current/orders/${order.code}`, { scoped: false });
    assert.equal(seen.status, 200, 'the order page opens for a colleague, so its check-in link is there');
    assert.equal(seen.body.placedByYou, false);
    assert.equal(((await view(colleague, order.code)).body as unknown as CheckinView).eligible, true);

    const PREFERENCES = '/users/current/notificationpreferences';
    const kinds = ['orderConfirmation', 'statusChanges', 'standingOrderReminders', 'cutoffReminders', 'approvalRequests', 'productChanges'];
    const current = (await head.call('GET', PREFERENCES, { scoped: false })).body as Record<string, boolean>;
    const before = Object.fromEntries(kinds.map((kind) => [kind, current[kind] ?? true]));
    assert.equal((await head.call('PUT', PREFERENCES, { body: { ...before, orderConfirmation: false }, scoped: false })).status, 200);
    try {
      const answer = await post(colleague, order.code, [{ entryNumber: 0, receivedQuantity: 1, reason: 'short' }]);
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      const code = (answer.body as unknown as CheckinView).creditRequest?.code ?? '';
      const webhooks = await server.database.db.select().from(outboxMessages).where(and(eq(outboxMessages.type, 'credit.requested'), eq(outboxMessages.orderingKey, order.code), eq(outboxMessages.channel, 'webhook')));
      assert.equal(webhooks.length, 1, 'the ERP hears of it once');
      const addressees = async () => {
        await dispatch(server);
        const mails = await server.database.db.select().from(mailMessages);
        return mails.filter((mail) => mail.subject.startsWith(`Credit request ${code} for order`)).map((mail) => mail.toAddress).sort();
      };
      await eventually(async () => ((await addressees()).length >= 2 ? true : undefined), 'the credit request e-mails');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(await addressees(), ['buyer@example.com', 'multi@example.com'], 'the buyer and the colleague who checked in; head office turned these mails off');
    } finally {
      await head.call('PUT', PREFERENCES, { body: before, scoped: false });
    }
  });
});
