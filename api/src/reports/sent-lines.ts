import { sql } from 'drizzle-orm';
import { orderLines } from '../db/schema';

/**
 * Order lines as sent, as an order's net value counts them once the delivery report re-totals it (`sentTotals`,
 * orders/substitutions.ts): a substituted line at the substitute's net value and as the substitute's product.
 * Summed by category beside the orders' delivery charges (DELIVERY_CHARGES), they add up to the orders' net value.
 */
export const sentNetPence = sql`coalesce((${orderLines.substitution}->>'netPence')::bigint, ${orderLines.netPence})`;
export const sentProductCode = sql`coalesce(${orderLines.substitution}->>'productCode', ${orderLines.productCode})`;

/** The category row of the orders' delivery charges (docs/minimum-order.md), part of their net value. */
export const DELIVERY_CHARGES = 'DELIVERY';
