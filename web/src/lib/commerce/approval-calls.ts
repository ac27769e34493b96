import 'server-only';
import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';
import { approvalCheckSchema, approvalLimitListSchema, approvalLimitSchema, reasonText, type ApprovalCheck, type DecisionBody, type ApprovalLimit, type LimitChange, type NewLimit } from './approvals';
import { scopeQuery, type ShopScope } from './scope';
import { moneySchema, orderSchema, type Order } from './types';

/**
 * The approval calls (docs/approvals.md): checkout's preview, the approver's queue and decisions, "Choose another
 * date" on an expired order, and a company admin's limits.
 */

/** Whether the current cart, delivered on `deliveryDate`, would be held, and the limits it would pass. */
export const checkApproval = (scope: ShopScope, deliveryDate: string): Promise<ApiResult<ApprovalCheck>> =>
  apiRequest(approvalCheckSchema, '/users/current/carts/current/approvalcheck', { query: { ...scopeQuery(scope), deliveryDate } });

/** The "Needs approval" notice: the limits the cart would pass, in words; undefined when it passes none. */
export type ApprovalNotice = { reasons: string[] } | undefined;

/**
 * Checkout's notice for the cart and a delivery date. When the API cannot tell, no notice: placing the order
 * still holds it, and the confirmation says so.
 */
export async function approvalNotice(scope: ShopScope, deliveryDate: string): Promise<ApprovalNotice> {
  const result = await checkApproval(scope, deliveryDate);
  return result.ok && result.data.needsApproval ? { reasons: result.data.reasons.map((reason) => reasonText(reason, { self: scope.username })) } : undefined;
}

/**
 * A held order waiting for a decision: the order with its lines and reasons, who placed it, and who decides it
 * (the company's approvers, its admins, or operators).
 */
export const queuedOrderSchema = orderSchema.extend({
  placedBy: z.object({ name: z.string(), email: z.string() }).nullish(),
  decidedBy: z.string().optional(),
  /** The order as shown: a decision naming it is refused once the order was amended since. */
  version: z.string().optional(),
  /** False for an order above the approver's own order limit: listed, but others decide it. */
  canDecide: z.boolean().optional(),
  yourOrderLimit: moneySchema.nullish(),
});
export type QueuedOrder = z.infer<typeof queuedOrderSchema>;
export const approvalQueueSchema = z.object({ orderApprovals: z.array(queuedOrderSchema) });
export type ApprovalQueue = z.infer<typeof approvalQueueSchema>;

/** Orders waiting for this user's decision, oldest cut-off first. */
export const listApprovals = (): Promise<ApiResult<ApprovalQueue>> => apiRequest(approvalQueueSchema, '/users/current/orderapprovals');

/** How many orders wait for this user's decision, and the soonest deadline: the menu's count and Home's notice. */
export const approvalSummarySchema = z.object({ waiting: z.number().int().nonnegative(), earliestDeadline: z.string().nullable() });
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;
export const approvalSummary = (): Promise<ApiResult<ApprovalSummary>> => apiRequest(approvalSummarySchema, '/users/current/orderapprovals/summary');

export const decideApproval = (code: string, body: DecisionBody) =>
  apiRequest(queuedOrderSchema, `/users/current/orderapprovals/${encodeURIComponent(code)}/decision`, { method: 'POST', body });

/** An expired order back into approval for a later delivery date. */
export const resubmitOrder = (scope: ShopScope, code: string, deliveryDate: string): Promise<ApiResult<Order>> =>
  apiRequest(orderSchema, `/users/current/orders/${encodeURIComponent(code)}/resubmission`, { method: 'POST', query: scopeQuery(scope), body: { deliveryDate } });

const LIMITS_PATH = '/users/current/orderApprovalPermissions';

export const listLimits = (): Promise<ApiResult<{ orderApprovalPermissions: ApprovalLimit[] }>> => apiRequest(approvalLimitListSchema, LIMITS_PATH);

export const addLimit = (body: NewLimit): Promise<ApiResult<ApprovalLimit>> => apiRequest(approvalLimitSchema, LIMITS_PATH, { method: 'POST', body });

export const changeLimit = (code: string, body: LimitChange): Promise<ApiResult<ApprovalLimit>> =>
  apiRequest(approvalLimitSchema, `${LIMITS_PATH}/${encodeURIComponent(code)}`, { method: 'PATCH', body });

export const deleteLimit = (code: string): Promise<ApiResult<unknown>> => apiRequest(z.unknown(), `${LIMITS_PATH}/${encodeURIComponent(code)}`, { method: 'DELETE' });

/** The company's users a limit can be for (a company admin's list); only who they are is read here. */
const companyUsersSchema = z.object({ users: z.array(z.object({ uid: z.string(), name: z.string(), status: z.string().optional() })) });

export const listCompanyUsers = (): Promise<ApiResult<z.infer<typeof companyUsersSchema>>> => apiRequest(companyUsersSchema, '/users/current/orgUsers');

/**
 * A standing order waiting for approval (docs/approvals.md "Standing orders"): over a limit when it was made or its
 * lines changed, no delivery is placed until it is approved; its lines and one delivery's total at today's prices.
 */
export const standingQueueItemSchema = z.object({
  code: z.string(),
  name: z.string().nullish(),
  shipTo: z.object({ code: z.string(), name: z.string() }),
  weekdays: z.array(z.number().int()),
  startDate: z.string(),
  endDate: z.string().nullish(),
  placedBy: z.object({ name: z.string(), email: z.string() }).nullish(),
  lines: z.array(
    z.object({
      entryNumber: z.number().int(),
      quantity: z.number().int(),
      product: z.object({ code: z.string(), name: z.string(), packSize: z.string() }),
      basePrice: moneySchema,
      totalPrice: moneySchema,
    }),
  ),
  deliveryTotal: moneySchema,
  decidedBy: z.string().optional(),
});
export type StandingQueueItem = z.infer<typeof standingQueueItemSchema>;
export const standingQueueSchema = z.object({ standingOrderApprovals: z.array(standingQueueItemSchema) });

export const listStandingApprovals = (): Promise<ApiResult<z.infer<typeof standingQueueSchema>>> => apiRequest(standingQueueSchema, '/users/current/standingorderapprovals');

export const decideStandingApproval = (code: string, body: DecisionBody) =>
  apiRequest(z.object({ code: z.string() }), `/users/current/standingorderapprovals/${encodeURIComponent(code)}/decision`, { method: 'POST', body });
