import { Writable } from 'node:stream';

/** A pino JSON record, as far as the readable form uses it. */
interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every record carries or that the line shows already. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Requests started but not finished yet; bounded, so requests that never finish cannot grow it for ever. */
const MAX_OPEN_REQUESTS = 1000;
/** Load balancer and start-up probes: one every few seconds says nothing to a person reading the terminal. */
const QUIET_PATHS = /^\/health\//;

const clock = (time: number | undefined): string => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/**
 * Turns the API's JSON log (pino, two records per request: "incoming request" and "request completed") into
 * one short line per request and one line per other event, for a person watching `npm start` in demo mode:
 *
 *   14:02:11 GET /occ/v2/b2b/products/search 200 12 ms
 *   14:02:12 WARN rate limit reached {"route":"/token"}
 *
 * Production keeps the JSON (a log collector reads it).
 */
export class ReadableLog {
  private readonly open = new Map<string, { method: string; path: string }>();

  /** The lines (without newline) one JSON record becomes: none for a request's start or a health probe. */
  format(json: string): string[] {
    let record: LogRecord;
    try {
      record = JSON.parse(json) as LogRecord;
    } catch {
      return json.trim() === '' ? [] : [json.trimEnd()];
    }
    const reqId = typeof record.reqId === 'string' ? record.reqId : undefined;
    if (record.msg === 'incoming request' && reqId && record.req) {
      if (this.open.size >= MAX_OPEN_REQUESTS) this.open.clear();
      this.open.set(reqId, { method: record.req.method ?? '?', path: record.req.path ?? '?' });
      return [];
    }
    if (record.msg === 'request completed' && reqId) {
      const request = this.open.get(reqId);
      this.open.delete(reqId);
      if (request && QUIET_PATHS.test(request.path)) return [];
      const what = request ? `${request.method} ${request.path}` : `request ${reqId}`;
      const took = typeof record.responseTime === 'number' ? ` ${Math.round(record.responseTime)} ms` : '';
      return [`${clock(record.time)} ${what} ${record.res?.statusCode ?? '?'}${took}`];
    }
    return this.eventLines(record);
  }

  private eventLines(record: LogRecord): string[] {
    const level = LEVEL_NAMES[record.level ?? 30] ?? 'INFO';
    const extra = Object.fromEntries(Object.entries(record).filter(([field]) => !SHOWN.has(field)));
    const head = [clock(record.time), level, record.msg ?? record.err?.message ?? ''];
    if (Object.keys(extra).length > 0) head.push(JSON.stringify(extra));
    const lines = [head.filter((part) => part !== '').join(' ')];
    if (record.err?.stack && (record.level ?? 30) >= 50) lines.push(...record.err.stack.split('\n').map((line) => `    ${line}`));
    return lines;
  }
}

/** A stream for pino's `stream` option that writes the readable form to `out` (stdout). */
export function readableLogStream(out: NodeJS.WritableStream): Writable {
  const log = new ReadableLog();
  let partial = '';
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      const text = partial + chunk.toString();
      const records = text.split('\n');
      partial = records.pop() ?? '';
      const lines = records.flatMap((record) => log.format(record));
      if (lines.length > 0) out.write(`${lines.join('\n')}\n`);
      done();
    },
  });
}
