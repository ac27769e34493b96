/**
 * The kinds of mail a user may turn off (notification preferences, and the RFC 8058 one-click unsubscribe
 * every such mail carries). Security mails (password reset, invitation, address confirmation) are of no kind:
 * they are always sent and carry no unsubscribe link (docs/people.md).
 */
export const MAIL_KINDS = ['orderConfirmation', 'statusChanges', 'standingOrderReminders', 'cutoffReminders', 'approvalRequests'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const isMailKind = (value: string): value is MailKind => (MAIL_KINDS as readonly string[]).includes(value);
