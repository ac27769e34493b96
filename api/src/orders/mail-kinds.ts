import { registerMailKind } from '../mail/mail-kinds';

/**
 * The order mails a user may turn off (docs/people.md#notifications): confirmations (orders placed and
 * changed, credits requested) and status changes (order and credit decisions).
 */
export function registerOrderMailKinds(): void {
  registerMailKind('orderConfirmation', 'order confirmation');
  registerMailKind('statusChanges', 'order status');
}
