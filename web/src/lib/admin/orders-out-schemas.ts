import { z } from 'zod';

/** What the back office reads about orders out, status reports and the demo mailbox, checked before use. */
export const orderStatusViewSchema = z.object({
  code: z.string(),
  status: z.string(),
  next: z.array(z.string()),
  quantityStatuses: z.array(z.string()),
  lines: z.array(
    z.object({
      entryNumber: z.number(),
      productCode: z.string(),
      name: z.string(),
      packSize: z.string(),
      quantity: z.number(),
      deliveredQuantity: z.number().nullable(),
      /** What the ERP's dispatch report sent instead (docs/substitutions.md); such a line has no delivered quantity to change. */
      substitution: z.object({ productCode: z.string(), name: z.string(), packSize: z.string(), quantity: z.number() }).nullish(),
    }),
  ),
  changes: z.array(z.object({ from: z.string(), to: z.string(), note: z.string().nullable(), changedBy: z.string(), changedAt: z.string() })),
});
export type OrderStatusView = z.infer<typeof orderStatusViewSchema>;

export const statusChangedSchema = z.object({ code: z.string(), status: z.string() });

export const mailListSchema = z.object({
  smtp: z.boolean(),
  messages: z.array(z.object({ id: z.number(), to: z.string(), subject: z.string(), createdAt: z.string() })),
  pagination: z.object({ currentPage: z.number(), pageSize: z.number(), totalResults: z.number(), totalPages: z.number() }),
});

export const mailSchema = z.object({
  id: z.number(),
  eventId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers it was sent with, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});

export const outboxSchema = z.object({
  /** The host each channel sends to; null when none is set (webhook events wait, mail goes to the demo mailbox). */
  destinations: z.object({ webhook: z.string().nullable(), mail: z.string().nullable() }),
  backlog: z.array(z.object({ channel: z.string(), waiting: z.number(), failing: z.number() })),
  failing: z.array(
    z.object({
      id: z.number(),
      eventId: z.string(),
      channel: z.string(),
      type: z.string(),
      key: z.string(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      lastAttemptAt: z.string().nullable(),
      nextAttemptAt: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const retriedSchema = z.object({ retried: z.number() });
