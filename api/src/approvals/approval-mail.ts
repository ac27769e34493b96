import type { Tx } from '../db/client';
import { formatLondonDate, formatLondonIso } from '../time/london-time';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import type { Cause } from '../tracing/cause';
import { orderCutoff } from '../orders/order-cutoff';
import type { OrderRow } from '../orders/order-queries';
import { formatPence } from '../pricing/money';
import { decidersOf, decidingOperators } from '../spending-limits/approvers';

export const APPROVAL_REQUESTED = 'approval.requested';
export const APPROVAL_HELD = 'approval.held';
export const APPROVAL_REJECTED = 'approval.rejected';
export const APPROVAL_EXPIRED = 'approval.expired';
export const STANDING_APPROVAL_REQUESTED = 'approval.standing_requested';
/** The ERP never hears of a held order: these are e-mails only. */
const MAIL_ONLY = ['mail'] as const;

/** A held order as its mails describe it, taken in the transaction that held, rejected or expired it. */
export interface HeldOrderSummary {
  code: string;
  deliveryDate: string;
  /** The cut-off, ISO 8601 in London's offset: the deadline of the decision. */
  cutoff: string;
  shipTo: { code: string; name: string };
  buyer: string;
  netPence: number;
  /** The limits it passes, as stored on the order (spending-limits/limit-check.ts). */
  reasons: unknown[];
}

/** To one decider: a user (whose approvalRequests preference decides) or an operator (userId null). */
export interface ApprovalRequestData {
  order: HeldOrderSummary;
  recipient: { userId: number | null; name: string; email: string };
}

/**
 * To the buyer: their order is held (with who decides it), was rejected (with who rejected it and the
 * comment), or expired at its cut-off undecided.
 */
export interface BuyerNoticeData {
  order: HeldOrderSummary;
  recipient: { userId: number; name: string; email: string };
  comment: string | null;
  /** Who rejected it: an approver's, admin's or operator's name. */
  decidedBy?: string | null;
  /** Who decides a held order: their names, or empty when the back office does. */
  waitingFor?: string[];
}

export type BuyerNoticeType = typeof APPROVAL_HELD | typeof APPROVAL_REJECTED | typeof APPROVAL_EXPIRED;

/** To one decider: a standing order whose deliveries pass a limit needs approval once. */
export interface StandingApprovalRequestData {
  standingOrder: { code: string; name: string; weekdays: number[]; startDate: string; endDate: string | null };
  shipTo: { code: string; name: string };
  buyer: string;
  /** A delivery's net total at the prices of the moment it was made or changed. */
  netPence: number;
  reasons: unknown[];
  recipient: { userId: number | null; name: string; email: string };
}

/** What a held order's mails need to know of it. */
export interface HeldOrder {
  order: OrderRow;
  shipToName: string;
  cutoffTime: string;
  buyer: { name: string; email: string };
  /** The request or job that moved it: its mails carry it (tracing/cause.ts). */
  cause: Cause | undefined;
}

export function heldOrderSummary({ order, shipToName, cutoffTime, buyer }: HeldOrder): HeldOrderSummary {
  return {
    code: order.code,
    deliveryDate: order.deliveryDate,
    cutoff: formatLondonIso(orderCutoff(order.deliveryDate, cutoffTime)),
    shipTo: { code: order.shipToCode, name: shipToName },
    buyer: buyer.name,
    netPence: order.netPence,
    reasons: Array.isArray(order.approvalReasons) ? order.approvalReasons : [],
  };
}

/**
 * Asks the order's deciders (approvers.ts) for a decision, one e-mail each, in the caller's transaction: the
 * sold-to's users of the deciding tier, or every active operator when it falls to the back office.
 */
export async function writeApprovalRequests(tx: Tx, held: HeldOrder): Promise<void> {
  const order = heldOrderSummary(held);
  const recipients = await recipientsFor(tx, held.order);
  for (const recipient of recipients) {
    await writeEvent<ApprovalRequestData>(tx, { type: APPROVAL_REQUESTED, cause: held.cause, key: order.code, channels: MAIL_ONLY, payload: { order, recipient } });
  }
}

/**
 * Checkout held the order: its deciders are asked, and the buyer is told it waits, for whom, why and by
 * when it must be decided.
 */
export async function writeHeldNotices(tx: Tx, held: HeldOrder): Promise<void> {
  await writeApprovalRequests(tx, held);
  const deciders = await decidersOf(tx, held.order);
  await writeBuyerNotice(tx, APPROVAL_HELD, held, { comment: null, waitingFor: deciders.users.map((user) => user.name) });
}

/** The deciders' recipients of an order or standing order of `held`: the tier's users, or every active operator. */
export async function recipientsFor(tx: Tx, held: { soldToCode: string; userId: number }): Promise<{ userId: number | null; name: string; email: string }[]> {
  const deciders = await decidersOf(tx, held);
  return deciders.tier === 'operators'
    ? (await decidingOperators(tx)).map((operator) => ({ userId: null, ...operator }))
    : deciders.users.map((user) => ({ userId: user.userId, name: user.name, email: user.email }));
}

/** Asks a standing order's deciders to approve it, one e-mail each, in the caller's transaction. */
export async function writeStandingApprovalRequests(
  tx: Tx,
  held: { standingOrder: StandingApprovalRequestData['standingOrder'] & { userId: number }; soldToCode: string; shipTo: { code: string; name: string }; buyer: string; netPence: number; reasons: unknown[]; cause: Cause | undefined },
): Promise<void> {
  const { standingOrder } = held;
  const payload = {
    standingOrder: { code: standingOrder.code, name: standingOrder.name, weekdays: standingOrder.weekdays, startDate: standingOrder.startDate, endDate: standingOrder.endDate },
    shipTo: held.shipTo,
    buyer: held.buyer,
    netPence: held.netPence,
    reasons: held.reasons,
  };
  for (const recipient of await recipientsFor(tx, { soldToCode: held.soldToCode, userId: standingOrder.userId })) {
    await writeEvent<StandingApprovalRequestData>(tx, { type: STANDING_APPROVAL_REQUESTED, cause: held.cause, key: standingOrder.code, channels: MAIL_ONLY, payload: { ...payload, recipient } });
  }
}

/** Tells the buyer their order is held, was rejected (by whom, with the comment) or expired. */
export async function writeBuyerNotice(
  tx: Tx,
  type: BuyerNoticeType,
  held: HeldOrder,
  news: Pick<BuyerNoticeData, 'comment' | 'decidedBy' | 'waitingFor'>,
): Promise<void> {
  const recipient = { userId: held.order.userId, ...held.buyer };
  await writeEvent<BuyerNoticeData>(tx, { type, cause: held.cause, key: held.order.code, channels: MAIL_ONLY, payload: { order: heldOrderSummary(held), recipient, ...news } });
}

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' });
/** "12:00 on 3 December 2026", London time. */
const cutoffText = (iso: string) => `${TIME.format(new Date(iso))} on ${formatLondonDate(new Date(iso))}`;

/**
 * Whose limits a mail's reader reads of: the buyer's own ("your order limit") when `buyer` is null, else the
 * buyer's by name ("the order limit of £150.00 for Ben Carter"); a ship-to's by the ship-to's name.
 */
export interface ReasonReader {
  buyer: string | null;
  shipTo: string;
}

/**
 * One limit an order goes over, in words: "over your order limit of £150.00 (£180.00)" to the buyer, "over
 * the order limit of £150.00 for Ben Carter (£180.00)" to a decider.
 */
export function reasonText(reason: unknown, reader: ReasonReader): string {
  const { type, threshold, periodRange, amount, user } = (reason ?? {}) as { type?: string; threshold?: number; periodRange?: string | null; amount?: number; user?: string | null };
  const limit = typeof threshold === 'number' ? formatPence(threshold) : '';
  const measured = typeof amount === 'number' ? ` (${formatPence(amount)})` : '';
  if (type === 'periodThreshold') return `over the ${periodRange === 'MONTH' ? 'monthly' : 'weekly'} limit of ${limit} for ${reader.shipTo}${measured}`;
  // A user's own limit applies to that user's orders only, so it is always the buyer's.
  if (user) return reader.buyer === null ? `over your order limit of ${limit}${measured}` : `over the order limit of ${limit} for ${reader.buyer}${measured}`;
  return `over the order limit of ${limit} for ${reader.shipTo}${measured}`;
}

const SIGNATURE = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';

function mail(to: string, subject: string, greeting: string, paragraphs: string[], link: { href: string; label: string }): MailContent {
  const text = [`Dear ${greeting},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${link.label}: ${link.href}`, '', SIGNATURE].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(greeting)},</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
<p style="color:#555">${SIGNATURE}</p>
</body></html>`;
  return { to, subject, text, html };
}

const facts = (order: HeldOrderSummary) =>
  `Order ${order.code} by ${order.buyer} for ${order.shipTo.name} (${order.shipTo.code}), delivery ${longDate(order.deliveryDate)}, ${formatPence(order.netPence)} net.`;

/** The request to a decider: what passes which limit, the deadline, and where to decide. */
export function approvalRequestMail({ order, recipient }: ApprovalRequestData, shopUrl: string): MailContent {
  const path = recipient.userId === null ? '/admin/approvals/' : `/account/approvals/?order=${encodeURIComponent(order.code)}`;
  const reasons = order.reasons.map((reason) => reasonText(reason, { buyer: order.buyer, shipTo: order.shipTo.name }));
  const content = mail(
    recipient.email,
    `Approval needed: order ${order.code} by ${cutoffText(order.cutoff)}`,
    recipient.name,
    [
      facts(order),
      `It needs your approval: it is ${reasons.length > 0 ? reasons.join('; ') : 'over a spending limit'}.`,
      `Decide by ${cutoffText(order.cutoff)}, the cut-off. Undecided, it expires then and is not delivered.`,
    ],
    { href: shopLink(shopUrl, path), label: 'Approve or reject the order' },
  );
  return recipient.userId === null ? content : { ...content, preference: { userId: recipient.userId, kind: 'approvalRequests' } };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The request to approve a standing order: what each delivery costs, which limit it passes, and where to decide. */
export function standingApprovalRequestMail(data: StandingApprovalRequestData, shopUrl: string): MailContent {
  const { standingOrder, shipTo, recipient } = data;
  const path = recipient.userId === null ? '/admin/approvals/' : '/account/approvals/';
  const days = standingOrder.weekdays.map((day) => WEEKDAYS[day - 1] ?? String(day)).join(', ');
  const reasons = data.reasons.map((reason) => reasonText(reason, { buyer: data.buyer, shipTo: shipTo.name }));
  const content = mail(
    recipient.email,
    `Approval needed: standing order ${standingOrder.code} (${standingOrder.name})`,
    recipient.name,
    [
      `Standing order ${standingOrder.code} "${standingOrder.name}" by ${data.buyer} for ${shipTo.name} (${shipTo.code}) orders ${formatPence(data.netPence)} net every ${days} from ${longDate(standingOrder.startDate)}.`,
      `It needs your approval once: each delivery is ${reasons.length > 0 ? reasons.join('; ') : 'over a spending limit'}. Until it is approved, no delivery is ordered; once approved, a delivery more than 10 % over this total is not ordered.`,
    ],
    { href: shopLink(shopUrl, path), label: 'Approve or reject the standing order' },
  );
  return recipient.userId === null ? content : { ...content, preference: { userId: recipient.userId, kind: 'approvalRequests' } };
}

/** "Priya Shah", "Priya Shah or Sam Lee", or Meadowvale's customer service when the back office decides. */
const deciderNames = (names: string[]) => (names.length === 0 ? 'Meadowvale customer service' : names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

/**
 * The buyer's news: held (who decides, why, by when, and that it expires otherwise), rejected (by whom, with
 * the comment), or expired with the way back ("Choose another date"). Being held is the order's confirmation
 * (preference orderConfirmation); rejection and expiry say an order the buyer counts on will not come, so no
 * preference turns them off.
 */
function buyerNoticeMail(type: BuyerNoticeType, { order, recipient, comment, decidedBy, waitingFor }: BuyerNoticeData, shopUrl: string): MailContent {
  const href = shopLink(shopUrl, `/account/orders/${encodeURIComponent(order.code)}/`);
  if (type === APPROVAL_HELD) {
    const reasons = order.reasons.map((reason) => reasonText(reason, { buyer: null, shipTo: order.shipTo.name }));
    const content = mail(
      recipient.email,
      `Order ${order.code} needs approval by ${cutoffText(order.cutoff)}`,
      recipient.name,
      [
        facts(order),
        `It needs approval before it goes to the warehouse: it is ${reasons.length > 0 ? reasons.join('; ') : 'over a spending limit'}.`,
        `Waiting for ${deciderNames(waitingFor ?? [])}. It must be approved by ${cutoffText(order.cutoff)}, the cut-off; otherwise it expires and is not delivered.`,
      ],
      { href, label: 'View the order' },
    );
    return { ...content, preference: { userId: recipient.userId, kind: 'orderConfirmation' } };
  }
  if (type === APPROVAL_REJECTED) {
    return mail(
      recipient.email,
      `Order ${order.code} was not approved`,
      recipient.name,
      [facts(order), `${decidedBy ?? 'Your approver'} rejected it, so it will not be delivered. Their comment: ${comment ?? '–'}`],
      { href, label: 'View the order' },
    );
  }
  return mail(
    recipient.email,
    `Order ${order.code} expired without approval`,
    recipient.name,
    [facts(order), `Nobody decided on it before the cut-off (${cutoffText(order.cutoff)}), so it will not be delivered. You can choose another date and it goes back for approval.`],
    { href, label: 'Choose another date' },
  );
}

/** At start-up: the approval mails, each an event type of its own sent by mail only. */
export function registerApprovalEvents(registry: EventTypeRegistry): void {
  registry.registerEventType<ApprovalRequestData>({ type: APPROVAL_REQUESTED, channels: MAIL_ONLY, mail: approvalRequestMail });
  registry.registerEventType<BuyerNoticeData>({ type: APPROVAL_HELD, channels: MAIL_ONLY, mail: (data, shopUrl) => buyerNoticeMail(APPROVAL_HELD, data, shopUrl) });
  registry.registerEventType<BuyerNoticeData>({ type: APPROVAL_REJECTED, channels: MAIL_ONLY, mail: (data, shopUrl) => buyerNoticeMail(APPROVAL_REJECTED, data, shopUrl) });
  registry.registerEventType<StandingApprovalRequestData>({ type: STANDING_APPROVAL_REQUESTED, channels: MAIL_ONLY, mail: standingApprovalRequestMail });
  registry.registerEventType<BuyerNoticeData>({ type: APPROVAL_EXPIRED, channels: MAIL_ONLY, mail: (data, shopUrl) => buyerNoticeMail(APPROVAL_EXPIRED, data, shopUrl) });
}
