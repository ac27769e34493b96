/** Refusals of the cut-off reminder settings, as plain values; `errors/catalogue/cutoff-reminders.ts` answers them. */
export type ReminderSettingProblem = { kind: 'shipToNotFound'; shipTo: string };
