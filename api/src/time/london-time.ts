import type { IsoDate } from './calendar-date';

/**
 * Europe/London wall-clock time from and to instants, through the platform's time-zone database, so that
 * nothing depends on the server's own TZ setting. Both clock changes fall at 01:00 UTC on a Sunday.
 */
const ZONE = 'Europe/London';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  date: IsoDate;
  hour: number;
  minute: number;
  second: number;
}

export function londonWallClock(instant: Date): WallClock {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

let dateMemo = { minute: Number.NaN, date: '' };

/**
 * Today's date in London at an instant, worked out once a minute (London's midnight falls on a minute): pricing
 * and stock ask on every request, and Intl's formatting is the dearest part of the answer.
 */
export function londonDate(instant: Date): IsoDate {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== dateMemo.minute) dateMemo = { minute, date: londonWallClock(instant).date };
  return dateMemo.date;
}

/** London's offset from UTC at an instant, in minutes (0 in winter, 60 in summer). */
export function londonOffsetMinutes(instant: Date): number {
  const wall = londonWallClock(instant);
  const wallAsUtc = Date.parse(`${wall.date}T00:00:00Z`) + ((wall.hour * 60 + wall.minute) * 60 + wall.second) * 1000;
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which London's clocks show `time` ('HH:MM') on `date`. Cut-offs are set in business hours,
 * never inside the hour the clocks skip or repeat (01:00–02:00), so the offset of the guess is the answer's.
 */
export function londonInstant(date: IsoDate, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = londonOffsetMinutes(new Date(guess.getTime() - londonOffsetMinutes(guess) * 60_000));
  return new Date(guess.getTime() - offset * 60_000);
}

/** '2026-03-27T14:00:00+00:00': the instant written in London's own offset, as the storefront shows it. */
export function formatLondonIso(instant: Date): string {
  const wall = londonWallClock(instant);
  const offset = londonOffsetMinutes(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.date}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const longDate = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** '22 November 2026', the London calendar day of an instant. */
export const formatLondonDate = (instant: Date): string => longDate.format(instant);
