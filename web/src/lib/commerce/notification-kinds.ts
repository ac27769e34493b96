/**
 * The kinds of e-mail a customer may turn off, as /account/notifications/ and /unsubscribe/ name them
 * (docs/people.md#notifications). Security e-mails (password reset, invitation, address confirmation) are
 * always sent and are not listed.
 */
export const NOTIFICATION_KINDS = [
  { kind: 'orderConfirmation', label: 'Order confirmations', help: 'When an order is placed, changed or cancelled.' },
  { kind: 'statusChanges', label: 'Order status changes', help: 'When an order is confirmed, picked, dispatched or delivered.' },
  { kind: 'standingOrderReminders', label: 'Standing order reminders', help: 'The working day before a standing order is ordered.' },
  { kind: 'cutoffReminders', label: 'Cut-off reminders', help: 'Before the cut-off of a delivery.' },
  { kind: 'approvalRequests', label: 'Approval requests', help: 'When an order waits for your approval.' },
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];
export type NotificationPreferences = Record<NotificationKind, boolean>;

/** "order confirmation" for "You will no longer get order confirmation e-mails." */
export const kindInSentence = (kind: NotificationKind): string => NOTIFICATION_KINDS.find((entry) => entry.kind === kind)?.label.toLowerCase().replace(/s$/, '') ?? kind;
