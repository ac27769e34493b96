import { registerMailKind } from '../mail/mail-kinds';

/** The kind of the cut-off reminders, which a user may turn off (docs/people.md#notifications). */
export const CUTOFF_REMINDER_KIND = 'cutoffReminders';

export const registerCutoffReminderMailKinds = (): void => registerMailKind(CUTOFF_REMINDER_KIND, 'cut-off reminder');
