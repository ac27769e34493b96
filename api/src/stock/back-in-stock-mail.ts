import { escapeHtml, shopLink, type MailContent } from '../mail/mail-format';
import type { EventTypeRegistry } from '../outbox/event-types';
import { BACK_IN_STOCK_CHANNELS, BACK_IN_STOCK_TYPE, type BackInStockData } from './back-in-stock-event';

const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The one mail a "Tell me when it is back" request gets (docs/stock.md): it asked for it, so it has no opt-out. */
export function backInStockMail(data: BackInStockData, shopUrl: string): MailContent {
  const { product, recipient } = data;
  const page = shopLink(shopUrl, `/product/${encodeURIComponent(product.code)}/`);
  const day = longDate.format(new Date(`${data.backOn}T12:00:00Z`));
  const subject = `Back in stock: ${product.name} (${product.code})`;
  const lead = `${product.name} (${product.code}) is back in stock for delivery on ${day}.`;
  const why = 'You get this e-mail once, because you asked us to tell you when this product is back.';
  const footer = 'Meadowvale Foods · 0800 123 4567 · orders@meadowvale.example';
  const text = [`Dear ${recipient.name},`, '', lead, '', `Order it: ${page}`, '', why, '', footer].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Dear ${escapeHtml(recipient.name)},</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(page)}">Order it</a></p>
<p style="color:#555">${escapeHtml(why)}</p>
<p style="color:#555">${footer}</p>
</body></html>`;
  return { to: recipient.email, subject, text, html };
}

/** At start-up: the back-in-stock mail is an event type of its own. */
export function registerBackInStockEvent(registry: EventTypeRegistry): void {
  registry.registerEventType<BackInStockData>({ type: BACK_IN_STOCK_TYPE, channels: BACK_IN_STOCK_CHANNELS, mail: backInStockMail });
}
