/** The cut-off countdown's rules (docs/decisions-left-open.md#weekly-ordering), pure so they are tested without a browser. */

export interface OpenDate {
  /** ISO calendar date of the delivery. */
  date: string;
  /** ISO instant its ordering closes. */
  cutoff: string;
}

const MINUTE = 60_000;
/** Under this the countdown is highlighted. */
export const URGENT_MS = 60 * MINUTE;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** en-GB's short month names ("Sept", as Intl spells it for en-GB). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * "Tue 25 Nov": the calendar date read at noon UTC, so no zone can move its day. Spelt out rather than through
 * Intl.DateTimeFormat: the header's countdown runs on every page, and making a formatter loads locale data that
 * cost a phone tens of milliseconds of start-up (docs/phone.md, "Speed").
 */
export function deliveryDay(isoDate: string): string {
  const day = new Date(`${isoDate}T12:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** "2 h 15 min", "1 d 3 h", "45 min": whole minutes left, rounded down (cut-offs fall on whole minutes). */
export function timeLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

export interface Countdown {
  date: string;
  day: string;
  left: string;
  urgent: boolean;
}

/** The first date still open at `now` and the time left to its cut-off; null when none is open. */
export function countdownAt(dates: OpenDate[], now: number): Countdown | null {
  const next = dates.find((candidate) => new Date(candidate.cutoff).getTime() > now);
  if (!next) return null;
  const ms = new Date(next.cutoff).getTime() - now;
  return { date: next.date, day: deliveryDay(next.date), left: timeLeft(ms), urgent: ms < URGENT_MS };
}
