import { z } from 'zod';

/** What the back office reads of registration requests (/admin/v1/registrations), checked before use. */
export const registrationSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
  phone: z.string(),
  postcode: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  username: z.string().nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;
export const registrationListSchema = z.object({ registrations: z.array(registrationSchema), totalResults: z.number(), page: z.number(), pageSize: z.number() });

export const REGISTRATION_STATUSES = [
  { status: 'confirmed', label: 'Awaiting decision' },
  { status: 'approved', label: 'Approved' },
  { status: 'declined', label: 'Declined' },
  { status: 'unconfirmed', label: 'Address not confirmed' },
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]['status'];
