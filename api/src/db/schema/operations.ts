// What the storefront reports about itself.
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const clientErrorLogs = pgTable('client_error_logs', {
  id: serial('id').primaryKey(),
  createdAt: createdAt(),
  messageType: text('message_type').notNull(),
  message: text('message').notNull(),
  description: text('description'),
  url: text('url'),
  site: text('site'),
  issueType: text('issue_type'),
  userName: text('user_name'),
  customerId: text('customer_id'),
  projectId: text('project_id'),
  remoteAddress: text('remote_address'),
});
