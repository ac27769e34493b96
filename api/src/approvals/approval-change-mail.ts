import type { Tx } from '../db/client';
import { formatLondonDate } from '../time/london-time';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import { formatPence } from '../pricing/money';
import { heldOrderSummary, reasonText, recipientsFor, type HeldOrder, type HeldOrderSummary } from './approval-mail';

export const APPROVAL_CHANGED = 'approval.changed';
const MAIL_ONLY = ['mail'] as const;

/** Which change the deciders hear of: still waiting for them, placed with no decision needed, or approved and kept. */
export type ApprovalChange = 'staysHeld' | 'placed' | 'keepsApproval';

export interface ApprovalChangedData {
  order: HeldOrderSummary;
  change: ApprovalChange;
  /** Pence, net of VAT: the total before the change. */
  previousNetPence: number;
  recipient: { userId: number | null; name: string; email: string };
}

/**
 * Tells an order's deciders that its buyer changed it, with the new total, one e-mail each in the caller's
 * transaction: a held order they are to decide, or an approved one whose lower total kept its approval.
 */
export async function writeApprovalChanges(tx: Tx, changed: HeldOrder, change: ApprovalChange, previousNetPence: number): Promise<void> {
  const order = heldOrderSummary(changed);
  for (const recipient of await recipientsFor(tx, changed.order)) {
    await writeEvent<ApprovalChangedData>(tx, { type: APPROVAL_CHANGED, cause: changed.cause, key: order.code, channels: MAIL_ONLY, payload: { order, change, previousNetPence, recipient } });
  }
}

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
const cutoffText = (iso: string) => `${TIME.format(new Date(iso))} on ${formatLondonDate(new Date(iso))}`;
const SIGNATURE = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';

function news({ order, change }: ApprovalChangedData): string {
  if (change === 'placed') return 'It is now within every spending limit, so it has been placed: it no longer needs your decision.';
  if (change === 'keepsApproval') return 'Its total is no higher than the one approved, so it keeps its approval and goes ahead.';
  const reasons = order.reasons.map((reason) => reasonText(reason, { buyer: order.buyer, shipTo: order.shipTo.name }));
  return `It still needs your decision: it is ${reasons.length > 0 ? reasons.join('; ') : 'over a spending limit'}. Decide by ${cutoffText(order.cutoff)}, the cut-off. Undecided, it expires then and is not delivered.`;
}

/** "Order MV-… changed: now £120.00 net", to one decider. */
export function approvalChangedMail(data: ApprovalChangedData, shopUrl: string): MailContent {
  const { order, recipient } = data;
  const path = recipient.userId === null ? '/admin/approvals/' : `/account/approvals/?order=${encodeURIComponent(order.code)}`;
  const paragraphs = [
    `${order.buyer} changed order ${order.code} for ${order.shipTo.name} (${order.shipTo.code}), delivery ${longDate(order.deliveryDate)}.`,
    `The new total is ${formatPence(order.netPence)} net (it was ${formatPence(data.previousNetPence)}).`,
    news(data),
  ];
  const link = { href: shopLink(shopUrl, path), label: data.change === 'staysHeld' ? 'Approve or reject the order' : 'View your approvals' };
  const text = [`Dear ${recipient.name},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${link.label}: ${link.href}`, '', SIGNATURE].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
<p style="color:#555">${SIGNATURE}</p>
</body></html>`;
  const content = { to: recipient.email, subject: `Order ${order.code} changed: now ${formatPence(order.netPence)} net`, text, html };
  return recipient.userId === null ? content : { ...content, preference: { userId: recipient.userId, kind: 'approvalRequests' } };
}

export function registerApprovalChangeEvents(registry: EventTypeRegistry): void {
  registry.registerEventType<ApprovalChangedData>({ type: APPROVAL_CHANGED, channels: MAIL_ONLY, mail: approvalChangedMail });
}
