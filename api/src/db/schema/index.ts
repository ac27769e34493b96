// The database schema, one file per area; everything is re-exported here so code imports `db/schema` alone
// (drizzle.config.ts points drizzle-kit at this file).
export * from './customers';
export * from './catalogue';
export * from './carts';
export * from './orders';
export * from './auth';
export * from './operations';
export * from './admin';
export * from './order-guide';
export * from './outbox';
export * from './mail';
export * from './standing-orders';
export * from './people';
export * from './approvals';
export * from './after-delivery';
export * from './phone';
export * from './order-spend-days';
export * from './food-info';
export * from './price-rules';
export * from './credit-control';
export * from './stock';
export * from './assisted-service';
