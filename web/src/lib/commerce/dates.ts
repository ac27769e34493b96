import { deliveryDay } from './cutoff';
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

const optionCutoffFormat = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: LONDON }));

/**
 * A delivery date as a dropdown's option: 'Tue 1 Dec (order by Mon 14:00)', short enough for a phone's select,
 * which cannot wrap. The cut-off is within the week before its delivery, so its weekday names it.
 */
export function deliveryOptionLabel(isoDate: string, cutoff: string): string {
  const by = optionCutoffFormat().formatToParts(new Date(cutoff));
  const part = (type: Intl.DateTimeFormatPartTypes) => by.find((p) => p.type === type)?.value ?? '';
  return `${deliveryDay(isoDate)} (order by ${part('weekday')} ${part('hour')}:${part('minute')})`;
}

/** A delivery date as the date pickers offer it: in full for the text beside them, short for the option. */
export interface DateChoice {
  date: string;
  label: string;
  cutoffLabel: string;
  optionLabel: string;
}

export const deliveryDateChoices = (dates: { date: string; cutoff: string }[]): DateChoice[] =>
  dates.map((d) => ({ date: d.date, label: formatCalendarDate(d.date), cutoffLabel: formatLondonInstant(d.cutoff), optionLabel: deliveryOptionLabel(d.date, d.cutoff) }));
