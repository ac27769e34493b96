import { z } from 'zod';
import { operatorRoleSchema } from './admin-session-data';

/** An operator as /admin/v1/operators answers (docs/people.md "Operators"). */
export const operatorEntrySchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.string(),
  passwordSet: z.boolean(),
  invitationExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorEntry = z.infer<typeof operatorEntrySchema>;
export const operatorListSchema = z.object({ operators: z.array(operatorEntrySchema) });

/** The invite form, checked here and again by the API. */
export const inviteOperatorSchema = z.object({
  email: z.string().trim().min(1, 'Enter an e-mail address').max(254, 'At most 254 characters').email('Enter a valid e-mail address'),
  name: z.string().trim().min(1, 'Enter a name').max(120, 'At most 120 characters'),
  role: operatorRoleSchema,
});

/** A rep's customers as GET/PUT /admin/v1/operators/{id}/soldtos answer (docs/back-office.md "Sales reps"). */
export const soldToChoiceSchema = z.object({ code: z.string(), name: z.string() });
export type SoldToChoice = z.infer<typeof soldToChoiceSchema>;
export const assignedSoldTosSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), role: z.string(), soldTos: z.array(soldToChoiceSchema) });
