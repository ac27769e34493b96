/** Refusals of the notifications module, as plain values; `errors/catalogue/notifications.ts` answers them. */
export type NotificationProblem = { kind: 'unsubscribeLinkInvalid' };
