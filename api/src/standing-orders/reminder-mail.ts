import { formatLondonDate } from '../time/london-time';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { formatPence } from '../pricing/money';
import { REMINDER_CHANNELS, REMINDER_TYPE, type ReminderData } from './reminder-event';

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
/** "14:00 on 3 December 2026", London time. */
const cutoffText = (iso: string) => `${TIME.format(new Date(iso))} on ${formatLondonDate(new Date(iso))}`;

/** A line the stock cannot fill for the delivery date (docs/stock.md). */
const shortText = (available: number) => (available === 0 ? 'out of stock for this delivery' : `only ${available} left for this delivery`);

/** The reminder the working day before a standing order's delivery: what will be ordered, and where to change it. */
export function reminderMail(data: ReminderData, shopUrl: string): MailContent {
  const { standingOrder, deliveryDate, movedFrom, cutoff, shipTo, recipient, lines, unavailable } = data;
  // A decider cannot open another user's standing order: their copy links to their approvals.
  const link = shopLink(shopUrl, data.approval?.decider ? '/account/approvals/' : `/account/standing-orders/${encodeURIComponent(standingOrder.code)}/deliveries/${deliveryDate}/`);
  const subject = `Standing order ${standingOrder.code} (${standingOrder.name}): delivery ${longDate(deliveryDate)}`;
  const { approval } = data;
  const lead = approval
    ? `${approval.decider ? `Standing order "${standingOrder.name}" (${standingOrder.code}) of ${shipTo.name}` : `Your standing order "${standingOrder.name}" (${standingOrder.code})`} will not be ordered for delivery on ${longDate(deliveryDate)} at ${cutoffText(cutoff)}, the cut-off, unless it is approved or changed before then. ${approval.problem}.`
    : `Your standing order "${standingOrder.name}" (${standingOrder.code}) will be ordered for delivery on ${longDate(deliveryDate)} to ${shipTo.name} at ${cutoffText(cutoff)}, the cut-off. Until then you can review, change or skip this delivery.`;
  const moved = movedFrom ? `The delivery of ${longDate(movedFrom)} falls on a bank holiday and has moved to ${longDate(deliveryDate)}.` : null;
  const lineText = (line: ReminderData['lines'][number]) =>
    `${line.quantity} x ${line.name} (${line.packSize}, ${line.productCode}) at ${formatPence(line.unitPricePence)}: ${formatPence(line.netPence)}${line.available === undefined ? '' : ` (${shortText(line.available)})`}`;
  const unavailableText = unavailable.map((line) => `${line.name} (${line.productCode}): ${line.reason}`);
  const totals: [string, string][] = [
    ['Net', formatPence(data.netPence)],
    ['VAT', formatPence(data.vatPence)],
    ['Total', formatPence(data.grossPence)],
  ];

  const text = [
    `Dear ${recipient.name},`,
    '',
    lead,
    ...(moved ? ['', moved] : []),
    '',
    ...lines.map(lineText),
    ...(unavailable.length > 0 ? ['', 'No longer sold, left out of this order:', ...unavailableText] : []),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    `Review, change or skip this delivery: ${link}`,
    '',
    'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example',
  ].join('\n');

  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const rows = lines
    .map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.name)}<br><small>${escapeHtml(line.packSize)} · ${escapeHtml(line.productCode)}</small>${line.available === undefined ? '' : `<br><strong style="color:#7a4a00">${escapeHtml(shortText(line.available))}</strong>`}</td><td ${num}>${line.quantity}</td><td ${num}>${formatPence(line.unitPricePence)}</td><td ${num}>${formatPence(line.netPence)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
<p>${escapeHtml(lead)}</p>
${moved ? `<p>${escapeHtml(moved)}</p>` : ''}
<table style="border-collapse:collapse"><thead><tr><th ${cell}>Product</th><th ${num}>Quantity</th><th ${num}>Unit price</th><th ${num}>Line total</th></tr></thead><tbody>${rows}</tbody>
<tfoot>${totals.map(([label, value]) => `<tr><th ${num} colspan="3">${label}</th><td ${num}>${value}</td></tr>`).join('')}</tfoot></table>
${unavailable.length > 0 ? `<p><strong>No longer sold, left out of this order:</strong></p><ul>${unavailableText.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(link)}">Review, change or skip this delivery</a></p>
<p style="color:#555">Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example</p>
</body></html>`;
  const content = { to: recipient.email, subject, text, html };
  // A decider's copy is an approval request; the owner's is a standing-order reminder (docs/people.md "Notifications").
  const deciderId = approval?.decider?.userId ?? null;
  if (deciderId !== null) return { ...content, preference: { userId: deciderId, kind: 'approvalRequests' as const } };
  return recipient.userId === undefined ? content : { ...content, preference: { userId: recipient.userId, kind: 'standingOrderReminders' as const } };
}

/** At start-up: the reminder is an event type of its own, sent by mail with this template. */
export function registerReminderEvent(registry: EventTypeRegistry): void {
  registry.registerEventType<ReminderData>({ type: REMINDER_TYPE, channels: REMINDER_CHANNELS, mail: reminderMail });
}
