import { z } from 'zod';

const flag = z.boolean();

/** PUT /users/current/notificationpreferences: every kind, each on or off. */
export const preferencesBody = z.strictObject({
  orderConfirmation: flag,
  statusChanges: flag,
  standingOrderReminders: flag,
  cutoffReminders: flag,
  approvalRequests: flag,
});

/** POST /unsubscribe: the token of the mail's link (32 bytes, base64url). */
export const unsubscribeBody = z.strictObject({ token: z.string().min(1).max(128) });
