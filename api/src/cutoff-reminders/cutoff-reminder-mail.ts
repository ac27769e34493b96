import { formatLondonDate } from '../time/london-time';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { CUTOFF_REMINDER_KIND } from './mail-kinds';
import { CUTOFF_REMINDER_CHANNELS, CUTOFF_REMINDER_TYPE, type CutoffReminderData } from './cutoff-reminder-event';

/** Where the reminder sends the user: the storefront's Usual items. */
export const USUAL_ITEMS_PATH = '/account/usual/';

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
/** "14:00 on 30 November 2026", London time. */
const cutoffText = (iso: string) => `${TIME.format(new Date(iso))} on ${formatLondonDate(new Date(iso))}`;
const weekdayOf = (date: string) => WEEKDAY.format(new Date(`${date}T00:00:00Z`));

/** The reminder before a usual ordering day's cut-off: nothing is ordered yet, and where to order the usual items. */
export function cutoffReminderMail(data: CutoffReminderData, shopUrl: string): MailContent {
  const { shipTo, range, deliveryDate, movedFrom, cutoff, recipient } = data;
  const link = shopLink(shopUrl, USUAL_ITEMS_PATH);
  const subject = `Order by ${TIME.format(new Date(cutoff))} for delivery ${longDate(deliveryDate)}: ${shipTo.name}`;
  const lead = `${shipTo.name} (${shipTo.code}) usually orders ${range.name} for delivery on ${weekdayOf(movedFrom ?? deliveryDate)}s, and there is no order yet for ${longDate(deliveryDate)}. Ordering for that delivery closes at ${cutoffText(cutoff)}.`;
  const moved = movedFrom ? `${longDate(movedFrom)} is a bank holiday: that delivery comes on ${longDate(deliveryDate)} instead.` : null;
  const action = 'Order from your usual items';
  const footer = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';
  const why = 'You get this reminder because you order for this delivery address. You can turn cut-off reminders off under E-mail notifications in My account.';

  const text = [`Dear ${recipient.name},`, '', lead, ...(moved ? ['', moved] : []), '', `${action}: ${link}`, '', why, '', footer].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
<p>${escapeHtml(lead)}</p>
${moved ? `<p>${escapeHtml(moved)}</p>` : ''}
<p><a href="${escapeHtml(link)}">${action}</a></p>
<p style="color:#555">${escapeHtml(why)}</p>
<p style="color:#555">${footer}</p>
</body></html>`;
  return { to: recipient.email, subject, text, html, preference: { userId: recipient.userId, kind: CUTOFF_REMINDER_KIND } };
}

/** At start-up: the cut-off reminder is an event type of its own, sent by mail with this template. */
export function registerCutoffReminderEvent(registry: EventTypeRegistry): void {
  registry.registerEventType<CutoffReminderData>({ type: CUTOFF_REMINDER_TYPE, channels: CUTOFF_REMINDER_CHANNELS, mail: cutoffReminderMail });
}
