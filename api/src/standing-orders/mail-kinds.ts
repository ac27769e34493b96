import { registerMailKind } from '../mail/mail-kinds';

/** The reminder before a standing order is placed, which a user may turn off (docs/people.md#notifications). */
export const registerStandingOrderMailKinds = (): void => registerMailKind('standingOrderReminders', 'standing order reminder');
