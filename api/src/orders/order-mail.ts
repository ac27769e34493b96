import { escapeHtml, longDate, shopLink, type MailContent } from '../mail/mail-format';
import type { MailKind } from '../mail/mail-kinds';
import { formatPence } from '../pricing/money';
import { offerView, totalSaving } from '../pricing/price-rules/offers';
import { specificationSheetUrl } from '../food-info/food-info-view';
import type { OrderEventData, OrderEventType } from '../order-status/order-event';
import type { OrderStatus } from '../order-status/order-status';
import { substitutionSentence } from './substitutions';

/**
 * Every status in the e-mails' words. No order e-mail is sent for a rejection or an expiry (the ERP never
 * heard of the order; approvals or credit control writes the buyer's notice), but a status has its words wherever it shows.
 */
const STATUS_TEXT: Record<OrderStatus, string> = {
  pendingApproval: 'waiting for approval',
  awaitingCredit: 'waiting for our credit team',
  placed: 'placed',
  confirmed: 'confirmed',
  picking: 'being picked',
  dispatched: 'dispatched',
  delivered: 'delivered',
  cancelled: 'cancelled',
  rejected: 'rejected',
  expired: 'expired without a decision',
};

// An event's payload is JSON read back from the outbox: its status is whatever was written then.
const statusText = (status: string) => (Object.hasOwn(STATUS_TEXT, status) ? STATUS_TEXT[status as OrderStatus] : status);

function headline(type: OrderEventType, { order, statusChange }: OrderEventData): { subject: string; lead: string } {
  if (type === 'order.placed') {
    return {
      subject: `Order ${order.code} received: delivery ${longDate(order.deliveryDate)}`,
      lead: `Thank you for your order. We have received order ${order.code} for delivery on ${longDate(order.deliveryDate)}.`,
    };
  }
  if (type === 'order.amended') {
    return {
      subject: `Order ${order.code} changed: delivery ${longDate(order.deliveryDate)}`,
      lead: `Your order ${order.code} for delivery on ${longDate(order.deliveryDate)} has been changed. This is the order as it stands now.`,
    };
  }
  if (type === 'order.cancelled') {
    return {
      subject: `Order ${order.code} cancelled`,
      lead: `Your order ${order.code} for delivery on ${longDate(order.deliveryDate)} has been cancelled at your request. Nothing will be delivered or invoiced for it.`,
    };
  }
  const shortage = order.lines.some(isShort);
  return {
    subject: `Order ${order.code} is ${statusText(order.status)}${shortage ? ' (some items short)' : ''}`,
    lead: `Your order ${order.code} is now ${statusText(order.status)}${statusChange ? ` (it was ${statusText(statusChange.previousStatus)})` : ''}.`,
  };
}

/**
 * The e-mail for an order event, to the user who placed the order: text and HTML with the lines (and what
 * was delivered, when short), totals, PO number, delivery date and instructions, and a link to the order in
 * the shop.
 */
export function orderMail(type: OrderEventType, data: OrderEventData, shopUrl: string): MailContent {
  const { order, statusChange } = data;
  const { subject, lead } = headline(type, data);
  const link = shopLink(shopUrl, `/account/orders/${encodeURIComponent(order.code)}/`);
  const facts: [string, string][] = [
    ['Order', order.code],
    ['Status', statusText(order.status)],
    ['Delivery date', longDate(order.deliveryDate)],
    ['Deliver to', `${order.shipTo.name} (${order.shipTo.code})`],
    ['PO number', order.purchaseOrderNumber ?? '–'],
    ['Delivery instructions', order.deliveryInstructions ?? '–'],
  ];
  const note = statusChange?.note ?? null;
  // An order an operator placed acting for the customer says so (docs/assisted-service.md), word for word.
  const placedFor = order.placedByOperator ? `Placed for you by ${order.placedByOperator.name}, Meadowvale` : null;
  // A confirmation of what is coming links each product's specification sheet, for the kitchen's allergen records.
  const withSheets = type === 'order.placed' || type === 'order.amended';
  const sheetLink = (code: string) => shopLink(shopUrl, specificationSheetUrl(code));
  const lineText = (line: OrderLine) => {
    const short = isShort(line) && line.deliveredQuantity !== null ? `, delivered ${line.deliveredQuantity} (short ${line.quantity - line.deliveredQuantity})` : '';
    const offer = offerText(line);
    const sent = substitutionText(line);
    return `${line.quantity} x ${line.name} (${line.packSize}, ${line.productCode}) at ${formatPence(line.unitPricePence)}: ${formatPence(line.netPence)}${short}${offer ? `\n  ${offer.name}: ${offer.rest}` : ''}${sent ? `\n  ${sent.sentence}: ${sent.detail}` : ''}`;
  };
  const saving = totalSaving(order.lines.map((line) => ({ quantity: line.quantity, adjustments: line.priceAdjustments ?? [] })));
  const totals: [string, string][] = [
    // The cart's words for the same sum, so the mail says what the customer read before placing the order.
    ...(saving.valuePence > 0 ? [['Offers save you', saving.formattedValue] as [string, string]] : []),
    ...(order.charges ?? []).map((charge): [string, string] => [charge.name, formatPence(charge.netPence)]),
    ['Net', formatPence(order.netPence)],
    ['VAT', formatPence(order.vatPence)],
    ['Total', formatPence(order.grossPence)],
  ];

  const text = [
    `Dear ${order.placedBy.name},`,
    '',
    lead,
    ...(placedFor ? ['', placedFor] : []),
    ...(note ? ['', `Note from Meadowvale Foods: ${note}`] : []),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...order.lines.map(lineText),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    `View the order: ${link}`,
    ...(withSheets ? ['', 'Specification sheets (ingredients and allergens):', ...order.lines.map((line) => `${line.name} (${line.productCode}): ${sheetLink(line.productCode)}`)] : []),
    '',
    'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example',
  ].join('\n');

  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const rows = order.lines
    .map((line) => {
      const delivered = line.deliveredQuantity === null || line.substitution ? '' : String(line.deliveredQuantity);
      const offer = offerText(line);
      const offerHtml = offer ? `<br><small style="color:#1d6b34"><strong>${escapeHtml(offer.name)}</strong>: ${escapeHtml(offer.rest)}</small>` : '';
      const sent = substitutionText(line);
      const sentHtml = sent ? `<br><strong>${escapeHtml(sent.sentence)}</strong><br><small>${escapeHtml(sent.detail)}</small>` : '';
      return `<tr><td ${cell}>${escapeHtml(line.name)}${offerHtml}${sentHtml}<br><small>${escapeHtml(line.packSize)} · ${escapeHtml(line.productCode)}${withSheets ? ` · <a href="${escapeHtml(sheetLink(line.productCode))}">Specification sheet</a>` : ''}</small></td><td ${num}>${line.quantity}</td><td ${num}>${delivered}</td><td ${num}>${formatPence(line.unitPricePence)}</td><td ${num}>${formatPence(line.netPence)}</td></tr>`;
    })
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(order.placedBy.name)},</p>
<p>${escapeHtml(lead)}</p>
${placedFor ? `<p>${escapeHtml(placedFor)}</p>` : ''}
${note ? `<p><strong>Note from Meadowvale Foods:</strong> ${escapeHtml(note)}</p>` : ''}
<table style="border-collapse:collapse">${facts.map(([label, value]) => `<tr><th ${cell}>${label}</th><td ${cell}>${escapeHtml(value)}</td></tr>`).join('')}</table>
<table style="border-collapse:collapse;margin-top:16px"><thead><tr><th ${cell}>Product</th><th ${num}>Ordered</th><th ${num}>Delivered</th><th ${num}>Unit price</th><th ${num}>Line total</th></tr></thead><tbody>${rows}</tbody>
<tfoot>${totals.map(([label, value]) => `<tr><th ${num} colspan="4">${label}</th><td ${num}>${value}</td></tr>`).join('')}</tfoot></table>
<p><a href="${escapeHtml(link)}">View order ${escapeHtml(order.code)}</a></p>
<p style="color:#555">Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example</p>
</body></html>`;
  const { userId } = order.placedBy;
  return { to: order.placedBy.email, subject, text, html, ...(userId === undefined ? {} : { preference: { userId, kind: mailKindOf(type) } }) };
}

type OrderLine = OrderEventData['order']['lines'][number];

/** A line delivered short of what was ordered; a substituted line is not short, it was sent as another product. */
const isShort = (line: OrderLine): boolean => !line.substitution && line.deliveredQuantity !== null && line.deliveredQuantity < line.quantity;

/**
 * What was sent instead of a line, as the order page says it (docs/substitutions.md): the sentence, then the
 * substitute's cases and prices, which the totals count; none for a line sent as ordered or an older event.
 */
function substitutionText(line: OrderLine): { sentence: string; detail: string } | null {
  const sent = line.substitution;
  if (!sent) return null;
  return {
    sentence: substitutionSentence({ ...line, substitution: sent }),
    detail: `${sent.quantity} x ${sent.name} (${sent.packSize}, ${sent.productCode}) at ${formatPence(sent.unitPricePence)}: ${formatPence(sent.netPence)}`,
  };
}

/**
 * A line's offer in the words the cart used for it ("Brie 10 % off: was £10.00, you save £2.00"), from the
 * adjustments stored with the order; none for a line without an offer or from an event written before they were.
 * No end date: the order's price is settled whenever the offer ends.
 */
function offerText(line: OrderLine): { name: string; rest: string } | null {
  const { offer, wasPrice, saving } = offerView({ unitPricePence: line.unitPricePence, quantity: line.quantity, adjustments: line.priceAdjustments ?? [] });
  if (!offer || !wasPrice || !saving) return null;
  return { name: offer.name, rest: `was ${wasPrice.formattedValue}, you save ${saving.formattedValue}` };
}

/** Which preference turns an order's e-mail off: its status changes are one kind, everything else the confirmation. */
const mailKindOf = (type: OrderEventType): MailKind => (type === 'order.status_changed' ? 'statusChanges' : 'orderConfirmation');
