import type { Tx } from '../db/client';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import type { OrderInProcess } from '../order-status/order-in-process';
import { formatPence } from '../pricing/money';
import type { Cause } from '../tracing/cause';

export const CREDIT_HELD = 'credit.held';
export const CREDIT_REJECTED = 'credit.rejected';
export const CREDIT_EXPIRED = 'credit.expired';
type CreditNoticeType = typeof CREDIT_HELD | typeof CREDIT_REJECTED | typeof CREDIT_EXPIRED;
/** The ERP hears nothing of an order held for credit until it is released: these are e-mails only. */
const MAIL_ONLY = ['mail'] as const;

/** To the buyer: their order waits for the credit team (and why), was rejected by it (and why), or expired. */
interface CreditNoticeData {
  order: { code: string; deliveryDate: string; shipTo: { code: string; name: string }; grossPence: number };
  recipient: { userId: number; name: string; email: string };
  /** The hold's message (hold-message.ts), or the credit team's comment on a rejection. */
  why: string | null;
}

/** Tells the buyer of `subject`'s credit hold, rejection or expiry, in the caller's transaction. */
export async function writeCreditNotice(tx: Tx, type: CreditNoticeType, subject: OrderInProcess, why: string | null, cause: Cause | undefined): Promise<void> {
  const { order } = subject;
  const payload: CreditNoticeData = {
    order: { code: order.code, deliveryDate: order.deliveryDate, shipTo: { code: order.shipToCode, name: subject.shipToName }, grossPence: order.grossPence },
    recipient: { userId: order.userId, name: subject.placedBy.name, email: subject.placedBy.email },
    why,
  };
  await writeEvent<CreditNoticeData>(tx, { type, cause, key: order.code, channels: MAIL_ONLY, payload });
}

const SIGNATURE = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';

const SUBJECTS: Record<CreditNoticeType, (code: string) => string> = {
  [CREDIT_HELD]: (code) => `Order ${code} is waiting for our credit team`,
  [CREDIT_REJECTED]: (code) => `Order ${code} was not released by our credit team`,
  [CREDIT_EXPIRED]: (code) => `Order ${code} expired waiting for our credit team`,
};

function news(type: CreditNoticeType, why: string | null): string {
  if (type === CREDIT_HELD) return `${why ?? 'It is waiting for our credit team.'} It goes to the warehouse once they release it; if it is not released by the cut-off, it expires and is not delivered.`;
  if (type === CREDIT_REJECTED) return `Our credit team did not release it, so it will not be delivered. Their comment: ${why ?? '–'}`;
  return 'Our credit team did not release it before the cut-off, so it will not be delivered. You can choose another date, or call us.';
}

/**
 * The buyer's news of a credit hold. Being held is the order's confirmation (preference orderConfirmation);
 * rejection and expiry say an order the buyer counts on will not come, so no preference turns them off.
 */
function creditNoticeMail(type: CreditNoticeType, { order, recipient, why }: CreditNoticeData, shopUrl: string): MailContent {
  const href = shopLink(shopUrl, `/account/orders/${encodeURIComponent(order.code)}/`);
  const paragraphs = [`Order ${order.code} for ${order.shipTo.name} (${order.shipTo.code}), delivery ${longDate(order.deliveryDate)}, ${formatPence(order.grossPence)} including VAT.`, news(type, why)];
  const text = [`Dear ${recipient.name},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `View the order: ${href}`, '', SIGNATURE].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(href)}">View the order</a></p>
<p style="color:#555">${SIGNATURE}</p>
</body></html>`;
  const content = { to: recipient.email, subject: SUBJECTS[type](order.code), text, html };
  return type === CREDIT_HELD ? { ...content, preference: { userId: recipient.userId, kind: 'orderConfirmation' } } : content;
}

/** At start-up: the credit notices, each an event type of its own sent by mail only. */
export function registerCreditControlEvents(registry: EventTypeRegistry): void {
  for (const type of [CREDIT_HELD, CREDIT_REJECTED, CREDIT_EXPIRED] as const) {
    registry.registerEventType<CreditNoticeData>({ type, channels: MAIL_ONLY, mail: (data, shopUrl) => creditNoticeMail(type, data, shopUrl) });
  }
}
