import { z } from 'zod';

/** The most rows one feed may carry: every product for a fortnight of delivery dates, with room to spare. */
export const MAX_FEED_ROWS = 200_000;
/** A full feed's body is about 62 bytes a row; larger is refused as 413 before it is parsed. */
export const FEED_BODY_LIMIT = 16 * 1024 * 1024;

/** The body of PUT /admin/v1/stock: the rows are checked one by one afterwards, so that every refused row is named. */
export const stockFeedBody = z.object({ levels: z.array(z.unknown()).min(1).max(MAX_FEED_ROWS) }).strict();
