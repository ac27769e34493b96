import { z } from 'zod';
import { mailKinds } from '../mail/mail-kinds';

/** PUT /users/current/notificationpreferences: every registered kind, each on or off (built once the modules registered theirs). */
export const preferencesBody = () => z.strictObject(Object.fromEntries(mailKinds().map((kind) => [kind, z.boolean()])));

/** POST /unsubscribe: the token of the mail's link (32 bytes, base64url). */
export const unsubscribeBody = z.strictObject({ token: z.string().min(1).max(128) });
