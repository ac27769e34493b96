import { z } from 'zod';

/**
 * What the standing-order pages read from the API (docs/ordering-rules.md, issue 17), checked on arrival. The storefront
 * shows the API's formatted amounts and never does money arithmetic, so only `formattedValue` is read.
 */
const money = z.object({ formattedValue: z.string() });
const isoDate = z.iso.date();

export const standingLineSchema = z.object({
  entryNumber: z.number().int(),
  quantity: z.number().int(),
  product: z.object({
    code: z.string(),
    name: z.string(),
    packSize: z.string(),
    brand: z.string().optional(),
    minOrderQuantity: z.number().int().min(1).optional(),
    price: money.optional(),
  }),
  /** Net price of one case and the net line total, as on a cart line. */
  basePrice: money,
  totalPrice: money,
});

const totals = {
  /** Cases over all lines; counted here when the API leaves it out (it is not money). */
  totalUnitCount: z.number().int().optional(),
  /** The delivery charge each order will pay below the ship-to's minimum order, net (docs/minimum-order.md); its pence say whether there is one. */
  deliveryCost: money.extend({ valuePence: z.number().int() }).optional(),
  totalPrice: money,
  totalTax: money,
  totalPriceWithTax: money,
};

const unavailableSchema = z.array(z.object({ productCode: z.string(), name: z.string(), reason: z.string() }));

/** Lines with their totals, the unit count always there. */
const withUnitCount = <T extends { lines: { quantity: number }[]; totalUnitCount?: number }>(value: T): T & { totalUnitCount: number } => ({
  ...value,
  totalUnitCount: value.totalUnitCount ?? value.lines.reduce((sum, line) => sum + line.quantity, 0),
});

export const deliveryStates = ['scheduled', 'skipped', 'placed', 'failed'] as const;

export const deliverySchema = z.object({
  date: isoDate,
  movedFrom: isoDate.nullable(),
  cutoff: z.string(),
  state: z.enum(deliveryStates),
  orderCode: z.string().nullable(),
  changed: z.boolean(),
  problem: z.string().nullable(),
});

export const standingStatuses = ['active', 'paused', 'ended'] as const;

export const standingOrderSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    shipTo: z.string(),
    salesOrg: z.enum(['CHIL', 'DAIR']),
    weekdays: z.array(z.number().int().min(1).max(7)),
    startDate: isoDate,
    endDate: isoDate.nullable(),
    purchaseOrderNumber: z.string().nullable(),
    purchaseOrderRequired: z.boolean(),
    deliveryInstructions: z.string().nullable(),
    status: z.enum(standingStatuses),
    lines: z.array(standingLineSchema),
    ...totals,
    /** Standing lines no longer sold: left out of each order, and said so. */
    unavailable: unavailableSchema.default([]),
    nextDeliveries: z.array(deliverySchema),
    /** Over a limit when made or changed, it waits for approval; once approved, the total approved (docs/approvals.md). */
    approval: z.object({ status: z.enum(['notNeeded', 'pending', 'approved', 'rejected']), approvedTotal: money.nullable() }).optional(),
  })
  .transform(withUnitCount);

export const standingOrderListSchema = z.object({
  standingOrders: z.array(standingOrderSchema),
  deliveryWeekdays: z.array(z.number().int().min(1).max(7)),
  cutoffTime: z.string(),
});

export const deliveryDetailSchema = deliverySchema
  .extend({
    lines: z.array(standingLineSchema),
    ...totals,
    unavailable: unavailableSchema,
  })
  .transform(withUnitCount);

export type StandingLine = z.infer<typeof standingLineSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
export type StandingOrder = z.infer<typeof standingOrderSchema>;
export type StandingOrderList = z.infer<typeof standingOrderListSchema>;
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;
export type StandingStatus = (typeof standingStatuses)[number];
