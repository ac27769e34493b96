/** Refusals of the demo mailbox, as plain values; `admin/problem-answers.ts` answers them. */
export type MailProblem = { kind: 'mailNotFound'; id: number };
