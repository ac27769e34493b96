import { formatPence } from '../pricing/money';

/** What the buyer is told of a credit hold, word for word as docs/credit-control.md gives it. */
export type CreditHoldKind = 'onHold' | 'overLimit';

const WAITING = 'Your order is waiting for our credit team.';

export function holdMessage(kind: CreditHoldKind, figures: { reason: string | null; orderPence: number; availablePence: number }): string {
  if (kind === 'onHold') return figures.reason ? `Your account is on hold: ${figures.reason.replace(/[.\s]+$/, '')}. ${WAITING}` : `Your account is on hold. ${WAITING}`;
  const available = Math.max(figures.availablePence, 0);
  return `This order (${formatPence(figures.orderPence)}) would take your account over its credit limit: ${formatPence(available)} is available. ${WAITING}`;
}
