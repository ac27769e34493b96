import assert from 'node:assert/strict';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import type { Shopper } from './cart-helpers';
import { reportStatus } from './integration-client';
import { placeTestOrder, type PlacedOrder } from './order-helpers';
import { BASE, type TestServer } from './test-server';

/** Places an order and takes it through the warehouse to delivered, with the delivered quantities given. */
export async function deliveredOrder(server: TestServer, erp: string, who: Shopper, quantities: number[], delivered: number[] = quantities): Promise<PlacedOrder> {
  const order = await placeTestOrder(server, who, quantities);
  for (const status of ['confirmed', 'picking']) assert.equal((await reportStatus(server, erp, order.code, { status })).status, 200);
  const lines = delivered.map((deliveredQuantity, entryNumber) => ({ entryNumber, deliveredQuantity }));
  assert.equal((await reportStatus(server, erp, order.code, { status: 'dispatched', lines })).status, 200);
  assert.equal((await reportStatus(server, erp, order.code, { status: 'delivered' })).status, 200);
  return order;
}

/** POST …/checkin/photos with one file part, as a phone's browser sends it. */
export async function uploadPhoto(server: TestServer, who: Shopper, code: string, bytes: Uint8Array, type = 'image/jpeg', name = 'photo.jpg') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const response = await server.request(`${BASE}/users/current/orders/${code}/checkin/photos`, { method: 'POST', token: who.token, body: form });
  const text = await response.text();
  let body: Record<string, unknown> & { errors?: { type: string; message: string; subject?: string }[] } = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body };
}

/** A camera's JPEG: 1200×900 with EXIF that includes a GPS position and the camera's make. */
export async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return crc ^ 0xffffffff;
}

/**
 * A decompression bomb: a few hundred bytes that claim a 30 000 × 30 000 picture (900 megapixels, 2.7 GB once
 * decoded); its rows are one compressed run of zeros.
 */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}
