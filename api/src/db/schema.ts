import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------- customers ----------

export const soldTos = pgTable('sold_tos', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const shipTos = pgTable('ship_tos', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  soldToCode: text('sold_to_code')
    .notNull()
    .references(() => soldTos.code),
  addressLine1: text('address_line1').notNull(),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  /** Local (Europe/London) time of day, 'HH:MM', by which an order must be placed on the working day before delivery. */
  cutoffTime: text('cutoff_time').notNull().default('14:00'),
  purchaseOrderRequired: boolean('purchase_order_required').notNull().default(false),
});

/** A range (sales org) a ship-to may order, with the ISO weekdays (1 = Monday … 7 = Sunday) it is delivered on. */
export const shipToRanges = pgTable(
  'ship_to_ranges',
  {
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    deliveryWeekdays: smallint('delivery_weekdays').array().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shipToCode, t.range] })],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Lower-cased e-mail address; the sign-in name. */
  username: text('username').notNull().unique(),
  customerId: text('customer_id').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 'active' | 'disabled'. Sign-in locks are time-bound and live in signInAttempts, keyed by the name typed. */
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

export const userShipTos = pgTable(
  'user_ship_tos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shipToCode] })],
);

// ---------- catalogue ----------

/** PostgreSQL full-text document; written by a trigger (migration 0001_search), never by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    /** e.g. DAIR_MILK; the top level is the range itself (CHIL, DAIR). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    range: text('range').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    range: text('range').notNull(),
    /** The leaf category the product sits in; its ancestors follow from categories.parentId. */
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    /** e.g. '12 x 1 L' */
    packSize: text('pack_size').notNull(),
    /** e.g. 'Bottle', 'Tub', 'Block' */
    packType: text('pack_type').notNull(),
    salesUnit: text('sales_unit').notNull().default('case'),
    listPricePence: integer('list_price_pence').notNull(),
    /** VAT rate in basis points: 0 (zero-rated food) or 2000 (20 %). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** 'chilled' | 'frozen' | 'ambient' */
    storage: text('storage').notNull(),
    /** Human text, e.g. 'Keep refrigerated 0-5 °C' */
    storageText: text('storage_text').notNull(),
    shelfLifeDays: integer('shelf_life_days').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    /** 'inStock' | 'lowStock' | 'outOfStock' */
    stockStatus: text('stock_status').notNull().default('inStock'),
    featured: boolean('featured').notNull().default(false),
    /** Any of 'specialoffers', 'bestsellers'. */
    collections: text('collections').array().notNull().default(sql`'{}'::text[]`),
    discontinued: boolean('discontinued').notNull().default(false),
    /**
     * Kept by the products_search trigger (migration 0001_search): name, brand, category names and pack type,
     * lower-cased, without accents or punctuation, for typo-tolerant trigram matching and suggestions.
     */
    searchText: text('search_text'),
    /** Kept by the same trigger: weighted full-text document (name and brand A, categories B, code and pack C, description D). */
    searchDocument: tsvector('search_document'),
  },
  (t) => [index('products_range_category_idx').on(t.range, t.categoryId)],
);

/** A sold-to's own price for a product; products without one sell at list price. */
export const prices = pgTable(
  'prices',
  {
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.soldToCode, t.productCode] })],
);

// ---------- carts ----------

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** Public cart id, random and unguessable. */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    /** 'current' | 'saved' | 'ordered' */
    status: text('status').notNull().default('current'),
    name: text('name'),
    description: text('description'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    purchaseOrderNumber: text('purchase_order_number'),
    deliveryInstructions: text('delivery_instructions'),
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    /** Bumped on every change; clients send it back in If-Match to avoid lost updates. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_one_current_idx')
      .on(t.userId, t.shipToCode, t.range)
      .where(sql`${t.status} = 'current'`),
    index('carts_owner_status_idx').on(t.userId, t.shipToCode, t.range, t.status),
  ],
);

export const cartEntries = pgTable(
  'cart_entries',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    entryNumber: integer('entry_number').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.entryNumber] }),
    uniqueIndex('cart_entries_product_idx').on(t.cartId, t.productCode),
  ],
);

// ---------- orders ----------

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Readable, sequential: MV-000123 */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    soldToCode: text('sold_to_code')
      .notNull()
      .references(() => soldTos.code),
    range: text('range').notNull(),
    /** An OrderStatus: the values and moves are order-status/order-status.ts's table; the check below holds the same list. */
    status: text('status', { enum: ['placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled'] }).notNull().default('placed'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    purchaseOrderNumber: text('purchase_order_number'),
    deliveryInstructions: text('delivery_instructions'),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    /** One order per cart, whatever the idempotency key: backs "twenty submissions make one order". */
    sourceCartId: integer('source_cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    // Ends with id, the history's tie-break, so a page is read straight off the index in order.
    index('orders_history_idx').on(t.userId, t.shipToCode, t.range, t.placedAt, t.id),
    // The order guide reads a ship-to's recent orders of every user (design §7).
    index('orders_ship_to_recent_idx').on(t.shipToCode, t.range, t.placedAt),
    check('orders_status_check', sql`${t.status} in ('placed', 'confirmed', 'picking', 'dispatched', 'delivered', 'cancelled')`),
  ],
);

/**
 * How many orders each user has placed per ship-to and range, kept by a trigger on `orders` (migration
 * 0002): the order history's page count without counting a long history on every page.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    userId: integer('user_id').notNull(),
    shipToCode: text('ship_to_code').notNull(),
    range: text('range').notNull(),
    placed: integer('placed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shipToCode, t.range] })],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    lineNumber: integer('line_number').notNull(),
    productCode: text('product_code').notNull(),
    name: text('name').notNull(),
    packSize: text('pack_size').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    quantity: integer('quantity').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    /** What the warehouse reported as delivered; null until it reports, less than quantity for a shortage. */
    deliveredQuantity: integer('delivered_quantity'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineNumber] })],
);

// ---------- OAuth ----------

export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  confidential: boolean('confidential').notNull().default(true),
  /** Grants this client may use, e.g. {password,refresh_token,client_credentials}. */
  grants: text('grants').array().notNull(),
  /** Scopes its client-credentials tokens carry beyond `basic`, e.g. {orders:status} for an ERP integration. */
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
});

export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the access token; the token itself is never stored. */
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').unique(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id),
    /** Null for client-credentials tokens. */
    userId: integer('user_id').references(() => users.id),
    scope: text('scope').notNull().default('basic'),
    /** Every token born of one sign-in shares a family, so reuse of a rotated refresh token revokes them all. */
    family: text('family').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** Set when the refresh token was exchanged for a new pair. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_tokens_family_idx').on(t.family)],
);

// ---------- operations ----------

/**
 * Sign-in tries counted per fixed window (src/auth/sign-in-limits.ts), keyed by a hash of the name typed (known
 * or not, so the table never tells which accounts exist) and, for the per-address count, the client address.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    /** The counted name's own key: every counter of one name shares it, so an operator can unlock the name. */
    accountKey: text('account_key').notNull(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowEndsAt), index('sign_in_attempts_account_idx').on(t.accountKey)],
);

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

// ---------- back office (operators, imports, audit) ----------

/** Company staff who run the shop: separate from customers, never holders of a customer token. */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  /** Lower-cased e-mail address; the sign-in name. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** 'admin' | 'service' (see admin/auth/roles.ts). */
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 'active' | 'disabled'. Locks are the sign-in limits' counters (auth/sign-in-limits.ts), as for customers. */
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

/** Bearer tokens of signed-in operators, stored as SHA-256 hashes; only the storefront's server holds them. */
export const operatorTokens = pgTable('operator_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every import, dry run or real, with who ran it and what came of it. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    /** Null for the demo seed, which goes through the same import code. */
    operatorId: integer('operator_id').references(() => operators.id),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** 'applied' | 'checked' (dry run) | 'refused' (a real run with bad rows: nothing written) */
    outcome: text('outcome').notNull(),
    rowCount: integer('row_count').notNull(),
    validCount: integer('valid_count').notNull(),
    refusedCount: integer('refused_count').notNull(),
    insertedCount: integer('inserted_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    /** The first refused rows ({line, column, reason}), for the history page. */
    problems: jsonb('problems').notNull().default(sql`'[]'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_runs_started_idx').on(t.startedAt)],
);

/** What operators changed: who, what, when, and the subject before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id),
    /** e.g. 'user.disable', 'product.deactivate', 'import.products' */
    action: text('action').notNull(),
    /** What it acted on, e.g. 'user:solo@example.com', 'product:100001'. */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

// ---------- order guide (design §7) ----------

/** The quantity a kitchen keeps of a product for one ship-to and range ("par level"), set by any of its users. */
export const parLevels = pgTable(
  'par_levels',
  {
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    parLevel: integer('par_level').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shipToCode, t.range, t.productCode] })],
);

// ---------- orders out and status in ----------

/** Every status change of an order after it was placed: who reported it, and the note the customer sees. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    /** 'operator:<e-mail>' or 'client:<client id>'. */
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.id)],
);

/**
 * The transactional outbox: one row per event and channel (webhook, mail), written in the transaction that
 * changed the order, delivered afterwards by the dispatcher (outbox/dispatcher.ts), in order per order code.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The Standard Webhooks message id (msg_…): the same on every attempt, so receivers can drop repeats. */
    eventId: text('event_id').notNull(),
    /** 'webhook' | 'mail' */
    channel: text('channel').notNull(),
    /** An EventType (outbox/order-event.ts): 'order.placed', 'order.status_changed', 'order.amended' or 'order.cancelled'. */
    type: text('type').notNull(),
    orderCode: text('order_code').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, one dispatcher holds the message; a crashed holder's lease runs out. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_messages_event_channel_idx').on(t.eventId, t.channel),
    index('outbox_messages_due_idx').on(t.channel, t.nextAttemptAt).where(sql`${t.deliveredAt} is null`),
    index('outbox_messages_order_idx').on(t.channel, t.orderCode, t.id).where(sql`${t.deliveredAt} is null`),
  ],
);

/** Demo mode's mailbox: without SMTP_URL, mails are kept here and shown in the back office at /admin/mail/. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    /** The outbox event the mail was made for: storing it twice is impossible. */
    eventId: text('event_id').notNull().unique(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);

// ---------- standing orders ----------

export const standingOrderNumberSeq = pgSequence('standing_order_number_seq', { startWith: 1 });

/** A customer's instruction to order the same lines on chosen delivery weekdays (design §9, issue 17). */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    /** Readable, sequential: SO-000123 */
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shipToCode: text('ship_to_code')
      .notNull()
      .references(() => shipTos.code),
    range: text('range').notNull(),
    name: text('name').notNull(),
    /** ISO weekdays (1 = Monday … 7 = Sunday), a subset of the ship-to's delivery days for the range. */
    weekdays: smallint('weekdays').array().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** Copied from the cart it was made of; each order it places carries them, as checkout's would. */
    purchaseOrderNumber: text('purchase_order_number'),
    deliveryInstructions: text('delivery_instructions'),
    /** 'active' | 'paused' | 'ended' */
    status: text('status').notNull().default('active'),
    /**
     * When it was created or last resumed: a delivery whose cut-off fell before this (while paused) is never
     * placed late.
     */
    activeSince: timestamp('active_since', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standing_orders_owner_idx').on(t.userId, t.shipToCode, t.range)],
);

export const standingOrderLines = pgTable(
  'standing_order_lines',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    entryNumber: integer('entry_number').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.standingOrderId, t.entryNumber] })],
);

/** A line of one delivery's own lines, replacing the standing lines for that delivery only. */
export interface DeliveryLine {
  productCode: string;
  quantity: number;
}

/**
 * What is known about one delivery beyond the standing order's rule: the customer's skip or own lines, and
 * what the scheduler did at its cut-off (the order placed, or why none was). Keyed by the delivery date
 * after any bank-holiday move, as the storefront addresses it.
 */
export const standingOrderDeliveries = pgTable(
  'standing_order_deliveries',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    skipped: boolean('skipped').notNull().default(false),
    /** The lines of this delivery alone; null: the standing lines. */
    lines: jsonb('lines').$type<DeliveryLine[]>(),
    orderId: integer('order_id').references(() => orders.id),
    /** Why no order was placed at the cut-off (every line no longer sold, paused at the cut-off, …). */
    problem: text('problem'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.standingOrderId, t.deliveryDate] })],
);

/**
 * The scheduler's work: one reminder and one placement per delivery. The primary key is the exactly-once
 * guarantee: however many processes materialise a delivery, it has one job of each kind, and a job is
 * claimed with FOR UPDATE SKIP LOCKED and marked done in the transaction that does its work.
 */
export const standingOrderJobs = pgTable(
  'standing_order_jobs',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    /** 'reminder' | 'placement' */
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** What the job did: 'sent', 'placed', 'failed', 'skipped', 'late', 'obsolete'. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.deliveryDate, t.kind] }),
    index('standing_order_jobs_due_idx').on(t.dueAt).where(sql`${t.doneAt} is null`),
  ],
);
