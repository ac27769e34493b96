/** Refusals of the demo mailbox, as plain values; `errors/catalogue/admin.ts` answers them. */
export type MailProblem = { kind: 'mailNotFound'; id: number };
