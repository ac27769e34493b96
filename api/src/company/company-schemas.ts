import { z } from 'zod';
import { COMPANY_ROLES } from '../users/roles';

/** A user's e-mail address is their sign-in name (users.username). */
const email = z.string().trim().max(254, 'must be at most 254 characters').email('must be an e-mail address');
const code = z.string().trim().min(1).max(20);
const shipTos = z
  .array(code)
  .min(1, 'choose at least one ship-to')
  .max(200)
  .refine((codes) => new Set(codes).size === codes.length, 'must not repeat a ship-to');
const roles = z
  .array(z.object({ soldTo: code, roles: z.array(z.enum(COMPANY_ROLES)).max(COMPANY_ROLES.length) }))
  .max(50)
  .refine((entries) => new Set(entries.map((entry) => entry.soldTo)).size === entries.length, 'must not repeat a sold-to');
/** Pence, net of VAT; null removes the limit. */
const orderLimit = z.number().int('must be whole pence').min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100000000').nullable();

export const uidParams = z.object({ uid: z.string().min(1).max(254) });

export const inviteBody = z.object({
  email,
  name: z.string().trim().min(1, 'must be 1 to 80 characters').max(80, 'must be 1 to 80 characters'),
  shipTos,
  roles: roles.optional(),
  orderLimit: orderLimit.optional(),
});

export const changeBody = z
  .object({ shipTos: shipTos.optional(), roles: roles.optional(), active: z.boolean().optional(), orderLimit: orderLimit.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'must change something');
