import type { Delivery, StandingStatus } from './standing-order-schemas';

/** What the customer may still do with one delivery of a standing order (the API checks again and has the last word). */
export interface DeliveryChoices {
  /** Its lines can be changed for this delivery only. */
  edit: boolean;
  skip: boolean;
  unskip: boolean;
}

const BANK_HOLIDAY_SKIP = (delivery: Delivery) => delivery.state === 'skipped' && delivery.problem !== null;

/** Before its cut-off and not placed; an ended standing order and a bank holiday's skip have nothing to change. */
export function deliveryChoices(delivery: Delivery, status: StandingStatus, now: number): DeliveryChoices {
  const open = status !== 'ended' && new Date(delivery.cutoff).getTime() > now;
  return {
    edit: open && delivery.state === 'scheduled',
    skip: open && delivery.state === 'scheduled',
    unskip: open && delivery.state === 'skipped' && !BANK_HOLIDAY_SKIP(delivery),
  };
}

export const deliveryHref = (code: string, date: string): string => `/account/standing-orders/${encodeURIComponent(code)}/deliveries/${date}/`;
export const standingOrderHref = (code: string): string => `/account/standing-orders/${encodeURIComponent(code)}/`;
