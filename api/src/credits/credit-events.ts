import type { DbOrTx } from '../db/client';
import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { writeEvent } from '../outbox/write-event';
import type { CreditRecipient } from './credit-recipients';
import { formatPence } from '../pricing/money';
import type { Cause } from '../tracing/cause';

export const CREDIT_REQUESTED = 'credit.requested';

/**
 * What the ERP receives when a check-in makes a credit request, and what the buyer's e-mail is written from.
 * Amounts are integer pence at the order's own line prices; a snapshot taken in the check-in's transaction.
 */
export interface CreditRequestedData {
  creditRequest: {
    code: string;
    orderCode: string;
    shipTo: string;
    shipToName: string;
    soldTo: string;
    deliveryDate: string;
    status: string;
    lines: { entryNumber: number; productCode: string; name: string; quantity: number; reason: string; note: string | null; net: number; vat: number }[];
    net: number;
    vat: number;
    gross: number;
  };
  /** Who checked the order in. */
  requestedBy: { userId: number; name: string };
  /** Who placed the order. */
  buyer: { userId: number; name: string; email: string };
  /** The addressee of one e-mail (each user of the ship-to gets their own); absent from the ERP's event, and from mails written before colleagues were told, which go to the buyer. */
  recipient?: { userId: number; name: string; email: string };
}

/**
 * The ERP hears of it as it hears of orders (signed webhooks, ordered by the order's code), and the users of the
 * ship-to by e-mail, each from an event of their own.
 */
const CHANNELS = ['webhook', 'mail'] as const;

/** At start-up: the credit request event and its e-mail. */
export function registerCreditRequestEvents(registry: EventTypeRegistry): void {
  registry.registerEventType<CreditRequestedData>({ type: CREDIT_REQUESTED, channels: CHANNELS, mail: creditRequestedMail });
}

/**
 * Writes `credit.requested` in the check-in's transaction, so it exists exactly when the request was committed:
 * the ERP's webhook and the buyer's e-mail, then an e-mail of its own for each other user of the ship-to
 * (creditRecipients).
 */
export async function writeCreditRequested(tx: DbOrTx, data: CreditRequestedData, colleagues: CreditRecipient[], cause: Cause): Promise<void> {
  await writeEvent<CreditRequestedData>(tx, { type: CREDIT_REQUESTED, key: data.creditRequest.orderCode, channels: CHANNELS, payload: data, cause });
  for (const recipient of colleagues) {
    await writeEvent<CreditRequestedData>(tx, { type: CREDIT_REQUESTED, key: data.creditRequest.orderCode, channels: ['mail'], payload: { ...data, recipient }, cause });
  }
}

const REASON_TEXT: Record<string, string> = {
  short: 'short',
  damaged: 'damaged',
  wrongProduct: 'wrong product',
  quality: 'quality',
  temperature: 'temperature',
  outOfDate: 'out of date',
};

const SIGNATURE = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';

/** To a user of the ship-to: what was asked to be credited, line by line, and where to follow it. */
export function creditRequestedMail(data: CreditRequestedData, shopUrl: string): MailContent {
  const { creditRequest: request, requestedBy } = data;
  const to = data.recipient ?? data.buyer;
  const link = shopLink(shopUrl, `/account/orders/${encodeURIComponent(request.orderCode)}/`);
  const subject = `Credit request ${request.code} for order ${request.orderCode}: ${formatPence(request.gross)}`;
  const lead = `${requestedBy.name} checked in order ${request.orderCode} (delivered ${longDate(request.deliveryDate)} to ${request.shipToName}) and asked for a credit of ${formatPence(request.gross)} including VAT. We will let you know when it is decided.`;
  const lineText = (line: CreditRequestedData['creditRequest']['lines'][number]) =>
    `${line.quantity} x ${line.name} (${line.productCode}), ${REASON_TEXT[line.reason] ?? line.reason}: ${formatPence(line.net)} + VAT ${formatPence(line.vat)}${line.note ? ` (${line.note})` : ''}`;
  const text = [
    `Dear ${to.name},`,
    '',
    lead,
    '',
    ...request.lines.map(lineText),
    '',
    `Net: ${formatPence(request.net)}`,
    `VAT: ${formatPence(request.vat)}`,
    `Total: ${formatPence(request.gross)}`,
    '',
    `View the order: ${link}`,
    '',
    SIGNATURE,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(to.name)},</p>
<p>${escapeHtml(lead)}</p>
<ul>${request.lines.map((line) => `<li>${escapeHtml(lineText(line))}</li>`).join('')}</ul>
<p>Net ${formatPence(request.net)} · VAT ${formatPence(request.vat)} · <strong>Total ${formatPence(request.gross)}</strong></p>
<p><a href="${escapeHtml(link)}">View order ${escapeHtml(request.orderCode)}</a></p>
<p style="color:#555">${SIGNATURE}</p>
</body></html>`;
  return { to: to.email, subject, text, html, preference: { userId: to.userId, kind: 'orderConfirmation' } };
}
