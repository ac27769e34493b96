import { z } from 'zod';

/** What the back office's own encrypted cookie holds. The token stays in here: it never reaches the page. */
export const operatorRoleSchema = z.enum(['admin', 'customerService', 'sales']);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

export const operatorSchema = z.object({ email: z.string(), name: z.string(), role: operatorRoleSchema });
export type SessionOperator = z.infer<typeof operatorSchema>;

export const adminSessionSchema = z.object({
  // A marker a customer's mv_session can never carry, so a cookie copied across cannot open the back office.
  kind: z.literal('operator'),
  token: z.string().min(1),
  /** Epoch seconds. */
  expiresAt: z.number(),
  operator: operatorSchema,
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const isLive = (session: AdminSession, nowSeconds = Date.now() / 1000) => session.expiresAt > nowSeconds;

/** Who looks after every customer and order: every back-office page but Operators (api/src/admin/auth/roles.ts). */
export const SERVICE_ROLES: readonly OperatorRole[] = ['admin', 'customerService'];
/** Who may find customers: a `sales` rep only those assigned to them, so the Customers and Calls pages. */
export const CUSTOMER_ROLES: readonly OperatorRole[] = ['admin', 'customerService', 'sales'];

/** Who may change the catalogue and prices (the API enforces the same: admin/auth/roles.ts). */
export const canEditCatalogue = (role: OperatorRole) => role === 'admin';
