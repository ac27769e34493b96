import { NextResponse, type NextRequest } from 'next/server';
import { uploadCheckinPhoto } from '@/lib/commerce/checkin';
import { MAX_PHOTO_BYTES } from '@/lib/commerce/checkin-labels';

const ORDER_CODE = /^[A-Za-z0-9-]{1,32}$/;
const answer = (status: number, body: object) => NextResponse.json(body, { status, headers: { 'cache-control': 'no-store' } });
const TOO_LARGE = `A photo may be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`;

/**
 * One photo from the check-in page (the image's bytes as the body), passed to the API with the user's token as
 * the multipart upload it expects. The proxy has checked the Origin; the API re-encodes the image.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  if (!ORDER_CODE.test(code)) return answer(404, { error: 'Order not found' });
  if (Number(request.headers.get('content-length') ?? 0) > MAX_PHOTO_BYTES) return answer(413, { error: TOO_LARGE });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) return answer(400, { error: 'Choose a photo' });
  if (bytes.byteLength > MAX_PHOTO_BYTES) return answer(413, { error: TOO_LARGE });
  const contentType = request.headers.get('content-type') ?? 'application/octet-stream';
  const line = request.nextUrl.searchParams.get('entryNumber');
  const entryNumber = line !== null && /^\d{1,5}$/.test(line) ? Number(line) : null;
  const result = await uploadCheckinPhoto(code, bytes, contentType, entryNumber);
  if (result.ok) return answer(201, { id: result.data.id });
  return answer(result.error.status || 503, { error: result.error.description || result.error.title });
}
