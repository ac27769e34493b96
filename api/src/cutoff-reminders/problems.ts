/** Refusals of the cut-off reminder settings, as plain values; `cutoff-reminders/problem-answers.ts` answers them. */
export type ReminderSettingProblem = { kind: 'shipToNotFound'; shipTo: string };
