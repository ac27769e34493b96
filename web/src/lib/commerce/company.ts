import 'server-only';
import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';

const ORG_USERS = '/users/current/orgUsers';
const userPath = (uid: string) => `${ORG_USERS}/${encodeURIComponent(uid)}`;

const rolesAt = z.object({ soldTo: z.string(), roles: z.array(z.string()) });

export const orgUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  shipTos: z.array(z.string()),
  roles: z.array(rolesAt),
  /** Pence, net of VAT. */
  orderLimit: z.number().int().nullable(),
  lastSignInAt: z.string().nullable(),
  invitation: z.object({ sentAt: z.string().nullable(), expiresAt: z.string().nullable(), expired: z.boolean() }).nullable(),
});
export type OrgUser = z.infer<typeof orgUserSchema>;
export type RolesAt = z.infer<typeof rolesAt>;

export const orgUsersSchema = z.object({
  users: z.array(orgUserSchema),
  /** The sold-tos the admin runs, with the roles the admin holds there (only those can be given). */
  soldTos: z.array(z.object({ code: z.string(), name: z.string(), roles: z.array(z.string()) })),
  shipTos: z.array(z.object({ code: z.string(), name: z.string(), soldTo: z.string() })),
});
export type OrgUsers = z.infer<typeof orgUsersSchema>;

export interface NewOrgUser {
  email: string;
  name: string;
  shipTos: string[];
  roles: RolesAt[];
  orderLimit: number | null;
}

export interface OrgUserChange {
  shipTos?: string[];
  roles?: RolesAt[];
  active?: boolean;
  orderLimit?: number | null;
}

/** The users of the sold-tos the signed-in user administers; 403 for anyone else. */
export async function listOrgUsers(): Promise<ApiResult<OrgUsers>> {
  return apiRequest(orgUsersSchema, ORG_USERS);
}

/** Creates the user and e-mails them a set-password link (7 days). */
export async function inviteOrgUser(user: NewOrgUser): Promise<ApiResult<OrgUser>> {
  return apiRequest(orgUserSchema, ORG_USERS, { method: 'POST', body: user });
}

/**
 * `removed`: "disable" took a user who also orders for another company out of the admin's accounts instead (a
 * user's status counts everywhere they order).
 */
const changedUserSchema = orgUserSchema.extend({ removed: z.boolean() });

/** Disabling ends the user's sessions at once. */
export async function changeOrgUser(uid: string, change: OrgUserChange): Promise<ApiResult<z.infer<typeof changedUserSchema>>> {
  return apiRequest(changedUserSchema, userPath(uid), { method: 'PATCH', body: change });
}

/** A new invitation link; the old one stops working. */
export async function resendInvitation(uid: string): Promise<ApiResult<OrgUser>> {
  return apiRequest(orgUserSchema, `${userPath(uid)}/invitation`, { method: 'POST' });
}
