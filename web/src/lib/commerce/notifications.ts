import 'server-only';
import { z } from 'zod';
import type { ApiResult } from '../errors/app-error';
import { apiRequest } from '../api/client';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from './notification-kinds';

const kindSchema = z.enum(NOTIFICATION_KINDS.map((entry) => entry.kind) as [NotificationKind, ...NotificationKind[]]);

/** The answer of GET/PUT /users/current/notificationpreferences: every kind on or off. */
export const preferencesSchema = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((entry) => [entry.kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>);

export const unsubscribedSchema = z.object({ kind: kindSchema });

export const getNotificationPreferences = (): Promise<ApiResult<NotificationPreferences>> => apiRequest(preferencesSchema, '/users/current/notificationpreferences');

export const saveNotificationPreferences = (preferences: NotificationPreferences): Promise<ApiResult<NotificationPreferences>> =>
  apiRequest(preferencesSchema, '/users/current/notificationpreferences', { method: 'PUT', body: preferences });

/** One-click unsubscribe with the token of a mail's link: no sign-in, the storefront's own client token. */
export const unsubscribeWith = (token: string): Promise<ApiResult<{ kind: NotificationKind }>> =>
  apiRequest(unsubscribedSchema, '/unsubscribe', { method: 'POST', body: { token }, auth: 'anonymous' });

const unsubscribeLinkSchema = z.object({ kind: kindSchema, email: z.string(), used: z.boolean() });
export type UnsubscribeLink = z.infer<typeof unsubscribeLinkSchema>;

/** What an unsubscribe link is for (the kind of mail, the address) and whether it was used: said before its button. */
export const unsubscribeLinkAbout = (token: string): Promise<ApiResult<UnsubscribeLink>> =>
  apiRequest(unsubscribeLinkSchema, '/unsubscribe/link', { method: 'POST', body: { token }, auth: 'anonymous' });
