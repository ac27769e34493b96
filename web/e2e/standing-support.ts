import type { Page } from 'playwright-core';
import { setCart, type CartLine } from './journey-support';
import type { Shop } from './support/shop';
import { apiCall, type Who } from './weekly-support';

/** Set-up of the standing-order tests through the API: each test makes its own saved cart and standing order. */
export interface StandingOrderJson {
  code: string;
  name: string;
  status: string;
  lines: { quantity: number; product: { code: string; name: string } }[];
  nextDeliveries: { date: string; cutoff: string; state: string }[];
}

/** The user's current cart becomes a saved cart of these lines under `name`; answers its code. */
export async function savedCart(shop: Shop, who: Who, name: string, lines: CartLine[]): Promise<string> {
  await setCart(shop, who, lines);
  const saved = await apiCall<{ savedCartData: { code: string } }>(shop, who, 'PATCH', `/users/current/carts/active/save?saveCartName=${encodeURIComponent(name)}`);
  return saved.savedCartData.code;
}

/** A calendar date `days` from today (UTC, which London is never behind), as the date inputs take it. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A standing order of a fresh saved cart, every delivery weekday of the ship-to, starting a week out: its first
 * delivery's cut-off is days away, so nothing in a test races it.
 */
export async function standingOrder(shop: Shop, who: Who, name: string, lines: CartLine[], weekdays: number[], details: { purchaseOrderNumber?: string } = {}): Promise<StandingOrderJson> {
  const cartId = await savedCart(shop, who, name, lines);
  return apiCall<StandingOrderJson>(shop, who, 'POST', '/users/current/standingorders', { cartId, name, weekdays, startDate: daysFromToday(7), ...details });
}

/** A calendar date as the pages write it ('Tuesday, 1 December 2026'). */
export const longDate = (isoDate: string): string =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));

/** One row of the "Next deliveries" list. */
export const deliveryRow = (page: Page, isoDate: string) =>
  page.getByRole('list', { name: 'Next deliveries' }).getByRole('listitem').filter({ hasText: longDate(isoDate) });
