import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAssistedSessionRules } from './auth/assisted-rules';
import { assistedSessionRoutes } from './auth/assisted-session-routes';
import { registerBearerAuth } from './auth/bearer';
import { registerIntegrationClients, registerStorefrontClient } from './auth/clients';
import type { PasswordCheck } from './auth/passwords';
import { PrincipalCache } from './auth/principal-cache';
import { tokenRoutes } from './auth/token-routes';
import type { Config } from './config/config';
import type { Database } from './db/client';
import { catalogueRoutes } from './catalogue/catalogue-routes';
import type { SearchIndex } from './catalogue/search-index/search-index';
import { imageRoutes } from './catalogue/image-routes';
import { databaseErrorToApiError } from './http/database-errors';
import { ApiError } from './http/errors';
import { loggingRoutes } from './logging/logging-routes';
import { DatabaseOutage } from './operations/database-outage';
import { healthRoutes } from './operations/health-routes';
import { registerLoadShedding } from './operations/load-shedding';
import { userRoutes } from './users/user-routes';
import { cartRoutes } from './carts/cart-routes';
import { deliveryRoutes } from './delivery/delivery-routes';
import { registerOrderEvents } from './orders/order-event-types';
import { registerOrderablePolicy } from './orders/orderable-policy';
import { keepCopyOfPriceRules } from './pricing/price-rules/price-rules-copy';
import { keepLowStockCopy } from './stock/low-stock-copy';
import { registerApprovalProcess } from './approvals/approval-process';
import { orderRoutes } from './orders/order-routes';
import { invoiceRoutes } from './invoices/invoice-routes';
import { limitRoutes } from './approvals/limits-routes';
import { adminRoutes } from './admin/admin-routes';
import { orderGuideRoutes } from './orderguide/orderguide-routes';
import { bulkAddRoutes } from './carts/bulk-routes';
import { clockRoutes } from './operations/clock-routes';
import { ControllableClock } from './operations/controllable-clock';
import { systemClock, type Clock } from './delivery/delivery-dates';
import { createOutbox, type Outbox } from './outbox/outbox';
import { registerReminderEvent } from './standing-orders/reminder-mail';
import { registerCutoffReminderEvent } from './cutoff-reminders/cutoff-reminder-mail';
import { mailTokenKey } from './account-tokens/sealed-token';
import { registerInvitationEvent } from './company/invitations';
import { companyRoutes } from './company/company-routes';
import { registerRegistrationEvents } from './registrations/registration-mail';
import { registrationRoutes } from './registrations/registration-routes';
import { registerOperatorInvitationEvent } from './admin/operators/operator-invitation-mail';
import { passwordRoutes } from './passwords/password-routes';
import { registerPasswordResetEvent } from './passwords/reset-mail';
import { registerApprovalEvents } from './approvals/approval-mail';
import { registerApprovalChangeEvents } from './approvals/approval-change-mail';
import { approvalRoutes } from './approvals/decisions-routes';
import { standingDecisionRoutes } from './standing-orders/standing-decision-routes';
import { registerCreditDecidedEvent } from './credits/credit-decided-mail';
import { creditRoutes } from './credits/credit-routes';
import { backInStockRoutes } from './stock/back-in-stock-routes';
import { registerBackInStockEvent } from './stock/back-in-stock-mail';
import { standingOrderRoutes } from './standing-orders/standing-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { registerOrderMailKinds } from './orders/mail-kinds';
import { registerStandingOrderMailKinds } from './standing-orders/mail-kinds';
import { registerCutoffReminderMailKinds } from './cutoff-reminders/mail-kinds';
import { registerFoodInfoMailKinds, registerRecipeChangeEvent } from './food-info/recipe-change-mail';
import { registerApprovalMailKinds } from './approvals/mail-kinds';
import { issueUnsubscribeToken } from './notifications/unsubscribe-tokens';
import { registerStandingOrderJobs } from './standing-orders/delivery-jobs';
import { jobBacklog } from './standing-orders/job-backlog';
import { JobRunner } from './jobs/job-runner';
import { jobRoutes } from './jobs/job-routes';
import { registerExpiryJob } from './approvals/expiry-job';
import { registerCutoffReminderJob } from './cutoff-reminders/cutoff-reminder-job';
import { registerHousekeepingJob } from './operations/housekeeping-job';
import { checkinRoutes } from './checkin/checkin-routes';
import { siteProfileRoutes } from './food-info/site-profile/site-profile-routes';
import { siteSubstitutesRoutes } from './company/site-substitutes-routes';
import { registerCreditRequestEvents } from './credits/credit-events';
import { registerCreditControl } from './credit-control/credit-policy';
import { registerCreditControlEvents } from './credit-control/credit-mail';
import { registerCreditExpiryJob } from './credit-control/credit-expiry';
import { creditControlRoutes } from './credit-control/credit-routes';
import { reportRoutes } from './reports/report-routes';
import { registerAppMetrics, type AppMetrics } from './metrics/app-metrics';
import { outboxBacklog } from './outbox/outbox-backlog';
import { registerRequestCause, tracingChildLoggerFactory } from './tracing/request-tracing';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** How passwords are checked: argon2 (verifyPassword) unless a test counts the checks. */
  checkPassword?: PasswordCheck;
}

export interface AppState {
  /** Set on SIGTERM: readiness fails so a load balancer stops sending traffic while requests drain. */
  draining: boolean;
  /** This process's search index (docs/decisions/002-search-at-scale.md), once the catalogue routes start it. */
  searchIndex: SearchIndex | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    state: AppState;
    principals: PrincipalCache;
    databaseOutage: DatabaseOutage;
    /** "Now" for delivery dates, cut-offs and checkout; movable only in test runs (TEST_CLOCK_CONTROL). */
    clock: Clock;
    outbox: Outbox;
    /** The background jobs each module registers (jobs/job-runner.ts). */
    jobs: JobRunner;
    /** Seals the tokens of security mails on their way through the outbox (account-tokens/sealed-token.ts). */
    mailTokenKey: Buffer;
    /** GET /metrics on METRICS_PORT (docs/metrics.md); null when METRICS_PORT is unset. */
    metrics: AppMetrics | null;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Every request's log records carry its W3C trace id beside its request id (docs/metrics.md#tracing).
    childLoggerFactory: tracingChildLoggerFactory,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.decorate('deps', deps);
  app.decorate('state', { draining: false, searchIndex: null });
  // Outside a transaction pricing reads the price rules from this process's copy (pricing/price-rules/price-rules-copy.ts),
  // read in the background: until it is, from the database.
  const priceRules = keepCopyOfPriceRules(deps.database, app.log);
  app.addHook('onClose', () => priceRules.close());
  void priceRules.start();
  // Listings ask for stock only of the products with few cases left, kept here (stock/low-stock-copy.ts).
  const lowStock = keepLowStockCopy(deps.database, app.log);
  app.addHook('onClose', () => lowStock.close());
  void lowStock.start();
  registerRequestCause(app);
  const metrics = deps.config.metrics
    ? registerAppMetrics(app, deps.config.metrics, () => ({
        outboxBacklog: () => outboxBacklog(deps.database.db),
        schedulerBacklog: () => jobBacklog(deps.database.db, app.clock(), app.jobs.lateAfterMs),
        poolUsage: () => deps.database.poolUsage(),
        searchIndex: () => {
          const index = app.state.searchIndex;
          return index && { ready: index.store !== null, products: index.store?.productCount ?? 0, builtAt: index.builtAt };
        },
      }))
    : null;
  app.decorate('metrics', metrics);
  app.decorate('principals', new PrincipalCache(deps.config.tokenCacheSeconds * 1000));
  app.decorate('databaseOutage', new DatabaseOutage(deps.database, app.log));
  app.addHook('onClose', async () => app.databaseOutage.stop());
  const controllable = deps.config.clockControl ? new ControllableClock() : undefined;
  app.decorate('clock', controllable?.now ?? systemClock);
  // Each module that sends mails a user may turn off registers their kinds; their order is the answers' order.
  registerOrderMailKinds();
  registerStandingOrderMailKinds();
  registerCutoffReminderMailKinds();
  registerApprovalMailKinds();
  registerFoodInfoMailKinds();
  const outbox = createOutbox(deps.database, deps.config, app.log, { clock: app.clock, issueUnsubscribeToken }, metrics?.outbox);
  // Each module that writes events registers its event types; the outbox knows none of its own.
  registerOrderEvents(outbox);
  registerReminderEvent(outbox);
  registerCutoffReminderEvent(outbox);
  registerRecipeChangeEvent(outbox);
  const tokenKey = mailTokenKey(deps.config.storefrontClient.secret);
  app.decorate('mailTokenKey', tokenKey);
  registerInvitationEvent(outbox, tokenKey);
  registerRegistrationEvents(outbox, tokenKey);
  registerOperatorInvitationEvent(outbox, tokenKey);
  registerPasswordResetEvent(outbox, tokenKey);
  registerApprovalEvents(outbox);
  registerApprovalChangeEvents(outbox);
  registerCreditDecidedEvent(outbox);
  registerCreditRequestEvents(outbox);
  registerCreditControlEvents(outbox);
  registerBackInStockEvent(outbox);
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  // The order process's placement policies, in the order they are asked, and the reactions to its moves.
  registerOrderablePolicy();
  registerApprovalProcess();
  registerCreditControl();
  app.addHook('onClose', async () => outbox.stop());
  const jobs = new JobRunner(deps.database.db, app.clock, { intervalMs: deps.config.standingOrders.intervalMs }, app.log);
  // In this order each pass: a held order undecided at its cut-off expires before anything else happens.
  registerExpiryJob(jobs);
  registerCreditExpiryJob(jobs);
  registerCutoffReminderJob(jobs, deps.config.cutoffReminderHours);
  registerHousekeepingJob(jobs);
  registerStandingOrderJobs(jobs, deps.config.standingOrders.horizonDays);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  // Before the outbox stops, so a pass in progress can still hand its mail over.
  app.addHook('preClose', async () => jobs.stop());

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error, request, reply) => sendError(error, request.log, reply, app.databaseOutage));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(new ApiError(404, 'NotFoundError', `No route for ${request.method} ${request.url.split('?')[0]}`, 'notFound').toBody());
  });

  await registerStorefrontClient(deps.database.db, deps.config.storefrontClient);
  await registerIntegrationClients(deps.database.db, deps.config.integrationClients);
  await app.register(formbody);
  await registerLoadShedding(app, deps.config.loadShedding);
  registerBearerAuth(app, deps.database.db, app.principals);
  registerAssistedSessionRules(app, deps.database.db);

  await app.register(healthRoutes);
  await app.register(tokenRoutes);
  await app.register(userRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(catalogueRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(imageRoutes);
  await app.register(cartRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(deliveryRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(orderRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(invoiceRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(limitRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(loggingRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(adminRoutes, { prefix: '/admin/v1' });
  await app.register(orderGuideRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(bulkAddRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(standingOrderRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(companyRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(registrationRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(notificationRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(passwordRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(approvalRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(standingDecisionRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(creditRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(creditControlRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(checkinRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(siteProfileRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(siteSubstitutesRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(backInStockRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(reportRoutes, { prefix: '/occ/v2/b2b' });
  await app.register(assistedSessionRoutes, { prefix: '/occ/v2/b2b' });
  if (controllable) {
    await app.register(clockRoutes(controllable));
    await app.register(jobRoutes);
    controllable.onSet(() => {
      jobs.runNow().catch((error: unknown) => app.log.error({ err: error }, 'job pass failed'));
    });
  }
  return app;
}

type Reply = Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2];
type Log = FastifyInstance['log'];

/**
 * The one place an error becomes a response: typed errors keep their status, a database outage is a 503 and a
 * lost race a 409 (http/database-errors.ts), anything else is a 500 without details.
 */
function sendError(error: unknown, log: Log, reply: Reply, outage: DatabaseOutage) {
  const known = error instanceof ApiError ? error : databaseErrorToApiError(error, outage);
  if (known) {
    return reply.code(known.status).headers(known.headers).send(known.toBody());
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const type = status === 413 ? 'PayloadTooLargeError' : status === 415 ? 'UnsupportedMediaTypeError' : 'ValidationError';
    const body = new ApiError(status, type, fastifyError.message ?? 'Bad request', 'invalid', 'body').toBody();
    return reply.code(status).send(body);
  }
  log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(new ApiError(500, 'InternalServerError', 'An unexpected error occurred', 'internal').toBody());
}
