import type { FastifyInstance } from 'fastify';
import { registerAdminAuth } from './auth/admin-guard';
import { adminAuthRoutes } from './auth/auth-routes';
import { adminPasswordRoutes } from './auth/password-routes';
import { importRoutes } from './imports/import-routes';
import { adminApprovalRoutes } from './approvals/approval-routes';
import { adminAuditRoutes } from './audit/audit-routes';
import { adminCustomerRoutes } from './customers/customer-routes';
import { adminOrderRoutes } from './orders/order-routes';
import { adminProductRoutes } from './products/product-routes';
import { mailRoutes } from './mail/mail-routes';
import { orderExportRoutes } from './orders/order-export-routes';
import { orderStatusRoutes } from './orders/order-status-routes';
import { adminInvoiceRoutes } from './invoices/invoice-admin-routes';
import { outboxRoutes } from './outbox/outbox-routes';
import { adminRegistrationRoutes } from './registrations/registration-admin-routes';
import { operatorRoutes } from './operators/operator-routes';
import { adminLimitRoutes } from './approval-limits/limits-routes';
import { adminCreditRequestRoutes } from './credit-requests/credit-request-routes';
import { adminPromotionRoutes } from './promotions/promotion-routes';
import { adminCreditControlRoutes } from './credit-control/credit-control-routes';
import { adminStockRoutes } from './stock/stock-routes';
import { adminReportRoutes } from './reports/report-routes';
import { adminAssistedSessionRoutes } from './assisted-sessions/assisted-session-routes';

/**
 * Everything under /admin/v1: the operator guard first (it covers every route registered here), then one
 * module per back-office concern. A new concern is one more register line.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  registerAdminAuth(app);
  await app.register(adminAuthRoutes);
  await app.register(adminPasswordRoutes);
  await app.register(importRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminAuditRoutes);
  await app.register(orderStatusRoutes);
  await app.register(adminInvoiceRoutes);
  await app.register(orderExportRoutes);
  await app.register(outboxRoutes);
  await app.register(mailRoutes);
  await app.register(adminRegistrationRoutes);
  await app.register(operatorRoutes);
  await app.register(adminApprovalRoutes);
  await app.register(adminLimitRoutes);
  await app.register(adminCreditRequestRoutes);
  await app.register(adminPromotionRoutes);
  await app.register(adminCreditControlRoutes);
  await app.register(adminStockRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminAssistedSessionRoutes);
}
