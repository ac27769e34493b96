import { z } from 'zod';

/** GET /admin/v1/shiptos/{code}/users: the ship-to, its sold-to and the users who hold it (docs/assisted-service.md). */
export const shipToUsersSchema = z.object({
  shipTo: z.object({ code: z.string(), name: z.string(), soldTo: z.string(), soldToName: z.string() }),
  users: z.array(z.object({ username: z.string(), name: z.string(), status: z.string() })),
});
export type ShipToUsers = z.infer<typeof shipToUsersSchema>;

/** POST /admin/v1/assistedsessions, 201: the acting session and its token (a customer token without refresh token). */
export const assistedStartSchema = z.object({
  id: z.number().int(),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  operator: z.object({ name: z.string() }),
  user: z.object({ username: z.string(), name: z.string(), customerId: z.string() }),
  shipTo: z.object({ code: z.string(), name: z.string(), soldTo: z.string() }),
});

/** A ship-to unknown or outside the operator's customers: the API answers both 404, and so does the page. */
export const NO_SUCH_CUSTOMER = 'No such customer: it is not one of yours, or it no longer exists';
