/** Refusals of the notifications module, as plain values; `notifications/problem-answers.ts` answers them. */
export type NotificationProblem = { kind: 'unsubscribeLinkInvalid' };
