import { z } from 'zod';

/** What the back office reads from /admin/v1, checked before any page uses it. */
const money = z.object({ valuePence: z.number(), formattedValue: z.string() });
const paging = { hasMore: z.boolean() };

export const orderSchema = z.object({
  code: z.string(),
  status: z.string(),
  placed: z.string(),
  deliveryDate: z.string(),
  purchaseOrderNumber: z.string().nullable(),
  deliveryInstructions: z.string().nullable(),
  shipTo: z.object({ code: z.string(), name: z.string() }),
  soldTo: z.string(),
  salesOrg: z.string(),
  placedBy: z.string(),
  entries: z.array(
    z.object({
      entryNumber: z.number(),
      quantity: z.number(),
      /** Null until the warehouse reports what it sent. */
      deliveredQuantity: z.number().nullable().default(null),
      /** Whether the customer allows a substitute, and what the warehouse sent instead (docs/substitutions.md). */
      allowSubstitute: z.boolean().optional(),
      substitution: z.object({ text: z.string(), quantity: z.number(), basePrice: money, totalPrice: money, product: z.object({ code: z.string() }) }).nullish(),
      product: z.object({ code: z.string(), name: z.string(), packSize: z.string() }),
      basePrice: money,
      totalPrice: money,
      totalTax: money,
    }),
  ),
  totalUnitCount: z.number(),
  totalPrice: money,
  totalTax: money,
  totalPriceWithTax: money,
});
export const orderListSchema = z.object({ orders: z.array(orderSchema), ...paging });

const customerUser = z.object({
  username: z.string(),
  name: z.string(),
  customerId: z.string(),
  status: z.string(),
  locked: z.boolean(),
});
export type CustomerUser = z.infer<typeof customerUser>;
const minimumOrderTerms = z.object({ minimumOrderPence: z.number(), belowMinimum: z.enum(['charge', 'refuse']), deliveryChargePence: z.number().nullable() });
export type MinimumOrderTerms = z.infer<typeof minimumOrderTerms>;
export const customerListSchema = z.object({
  soldTos: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      shipTos: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          address: z.string(),
          cutoffTime: z.string(),
          purchaseOrderRequired: z.boolean(),
          ranges: z.array(
            z.object({
              code: z.string(),
              deliveryWeekdays: z.array(z.number()),
              /** docs/minimum-order.md: null without a minimum. */
              minimumOrder: minimumOrderTerms.nullable().optional(),
            }),
          ),
          /** Hours before the cut-off its users are reminded (docs/phone.md); own: false follows the default. */
          cutoffReminder: z.object({ hours: z.number(), own: z.boolean() }),
        }),
      ),
      users: z.array(customerUser.extend({ shipTos: z.array(z.string()) })),
    }),
  ),
  unconfiguredUsers: z.array(customerUser),
  ...paging,
});
/** A ship-to's minimum order for a range (PUT/GET /admin/v1/shiptos/{code}/ranges/{range}/minimumorder). */
export const minimumOrderSettingSchema = z.object({
  shipTo: z.string(),
  range: z.string(),
  minimumOrder: z.object({ minimumOrderPence: z.number().nullable(), belowMinimum: z.enum(['charge', 'refuse']).nullable(), deliveryChargePence: z.number().nullable() }),
});
/** A ship-to's cut-off reminder hours (PUT/GET /admin/v1/shiptos/{code}/cutoffreminder). */
export const reminderSettingSchema = z.object({ shipTo: z.string(), hours: z.number(), own: z.boolean(), defaultHours: z.number() });
export const userStateSchema = z.object({ username: z.string(), status: z.string(), locked: z.boolean() });

const productSummary = z.object({
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  range: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  packSize: z.string(),
  listPrice: money,
  active: z.boolean(),
});
export const productListSchema = z.object({ products: z.array(productSummary), ...paging });
export const productDetailSchema = productSummary.extend({
  prices: z.array(z.object({ soldTo: z.object({ code: z.string(), name: z.string() }), price: money, own: z.boolean() })),
});
export const productActiveSchema = z.object({ code: z.string(), active: z.boolean(), changed: z.boolean() });

export const importProblemSchema = z.object({ line: z.number(), column: z.string(), reason: z.string() });
export const importReportSchema = z.object({
  kind: z.string(),
  fileName: z.string(),
  dryRun: z.boolean(),
  outcome: z.enum(['checked', 'applied', 'refused']),
  rows: z.number(),
  valid: z.number(),
  refused: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  problems: z.array(importProblemSchema),
  /** New users e-mailed an invitation to choose their password (customers imports). */
  invited: z.number().default(0),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importRunsSchema = z.object({
  runs: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      fileName: z.string(),
      operator: z.string(),
      dryRun: z.boolean(),
      outcome: z.string(),
      rows: z.number(),
      valid: z.number(),
      refused: z.number(),
      inserted: z.number(),
      updated: z.number(),
      unchanged: z.number(),
      startedAt: z.string(),
    }),
  ),
  ...paging,
});
export const importKindsSchema = z.object({
  kinds: z.array(
    z.object({
      kind: z.string(),
      changesCatalogue: z.boolean(),
      columns: z.array(z.object({ name: z.string(), required: z.boolean(), help: z.string(), example: z.string() })),
    }),
  ),
});

export const auditSchema = z.object({
  entries: z.array(
    z.object({ id: z.number(), at: z.string(), action: z.string(), subject: z.string(), operator: z.string(), before: z.unknown(), after: z.unknown() }),
  ),
  ...paging,
});
