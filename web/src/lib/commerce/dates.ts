import { lazyFormat } from './lazy-format';

/** Delivery dates and cut-offs are Europe/London business facts; they are shown in London time whatever the server's zone. */
const LONDON = 'Europe/London';

const dayFormat = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
const shortDayFormat = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: LONDON }));
const instantFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: LONDON,
    }),
);

/** A calendar date ('2026-11-24'), which has no zone: read at noon UTC so no offset can move its day. */
export const formatCalendarDate = (isoDate: string): string => dayFormat().format(new Date(`${isoDate}T12:00:00Z`));

/** An instant (cut-off, time placed) in London: 'Monday 23 November at 14:00'. */
export function formatLondonInstant(iso: string): string {
  const parts = instantFormat().formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} at ${part('hour')}:${part('minute')}`;
}

export const formatShortDate = (iso: string): string => shortDayFormat().format(new Date(iso));
