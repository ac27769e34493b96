/**
 * The kinds of e-mail a customer may turn off, as /account/notifications/ and /unsubscribe/ name them
 * (docs/people.md#notifications). Security e-mails (password reset, invitation, address confirmation) are
 * always sent and are not listed.
 */
export const NOTIFICATION_KINDS = [
  { kind: 'orderConfirmation', label: 'Order confirmations', help: 'When an order is placed, changed or cancelled, or held for approval.' },
  { kind: 'statusChanges', label: 'Order status changes', help: 'When an order is confirmed, picked, dispatched or delivered.' },
  { kind: 'standingOrderReminders', label: 'Standing order reminders', help: 'The working day before a standing order is ordered.' },
  { kind: 'cutoffReminders', label: 'Cut-off reminders', help: 'Before the cut-off of a delivery.' },
  { kind: 'productChanges', label: 'Product changes', help: 'When the recipe or allergens of a product your site ordered in the last 90 days change.' },
  { kind: 'approvalRequests', label: 'Approval requests', help: 'When an order waits for your approval.', forDeciders: true },
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];

/** The kinds offered to a user: approval kinds only to those who decide on orders (approvers and company admins). */
export const offeredKinds = (decides: boolean) => NOTIFICATION_KINDS.filter((entry) => decides || !('forDeciders' in entry));
export type NotificationPreferences = Record<NotificationKind, boolean>;

/** "order confirmation" for "You will no longer get order confirmation e-mails." */
export const kindInSentence = (kind: NotificationKind): string => NOTIFICATION_KINDS.find((entry) => entry.kind === kind)?.label.toLowerCase().replace(/s$/, '') ?? kind;
