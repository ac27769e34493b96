import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { operators, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { setUserOrderLimit } from '../approvals/user-order-limit';
import { setStoredRoles } from '../users/roles';
import { applyRows } from '../admin/imports/run-import';
import { categoryImport } from '../admin/imports/kinds/categories';
import { customerImport } from '../admin/imports/kinds/customers';
import type { CustomerImportRow } from '../admin/imports/kinds/customers/customer-rows';
import { priceImport, type PriceImportRow } from '../admin/imports/kinds/prices';
import { productImport, type ProductImportRow } from '../admin/imports/kinds/products';
import { DEMO_OPERATORS, DEMO_ORDER_LIMITS, DEMO_PASSWORD, DEMO_ROLES, MINIMUM_ORDER_DEMO, SHIP_TOS, SOLD_TOS, USERS } from './demo-accounts';
import { DEMO_PRODUCT_COUNT, generateCategories, generateProduct, soldToPrice } from './generate-catalogue';
import { AFTER_DELIVERY_DEMO, seedAfterDeliveryDemo } from './after-delivery-demo';
import { seedPriceRulesDemo } from './price-rules-demo';
import { CREDIT_DEMO_SOLD_TOS, seedCreditDemo } from './credit-demo';
import { seedStockDemo } from './stock-demo';
import { seedReportsDemo } from './reports-demo';
import { seedCallsDemo } from './calls-demo';

function demoCustomers(): CustomerImportRow[] {
  return [
    ...SOLD_TOS.map((soldTo) => ({ record: 'soldTo' as const, ...soldTo })),
    ...SHIP_TOS.map((shipTo) => ({ record: 'shipTo' as const, ...shipTo })),
    ...USERS.map((user) => ({
      record: 'user' as const,
      username: user.username,
      customerId: user.customerId,
      name: user.name,
      status: user.status === 'disabled' ? ('disabled' as const) : ('active' as const),
      shipTos: user.shipTos,
      password: DEMO_PASSWORD,
    })),
  ];
}

/** The sold-tos' own prices of the demo catalogue (bench/import.mjs imports the same rows through the API). */
export function demoPrices(products: ProductImportRow[]): PriceImportRow[] {
  return products.flatMap((product, index) =>
    // Moorside (the after-delivery demo), the credit demo's companies and the minimum order demo's pay list prices: they negotiated none.
    SOLD_TOS.filter((soldTo) => soldTo.code !== AFTER_DELIVERY_DEMO.soldTo && soldTo.code !== MINIMUM_ORDER_DEMO.soldTo && !CREDIT_DEMO_SOLD_TOS.includes(soldTo.code)).flatMap((soldTo, soldToIndex) => {
      const pricePence = soldToPrice(soldToIndex, product, index);
      return pricePence === null ? [] : [{ soldToCode: soldTo.code, productCode: product.code, pricePence }];
    }),
  );
}

/** The demo users' roles beyond buyer and their order limits, set back to the demo's values on every run. */
async function demoRolesAndLimits(db: Db): Promise<void> {
  const names = [...DEMO_ROLES, ...DEMO_ORDER_LIMITS].map((entry) => entry.username);
  const ids = new Map((await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, names))).map((row) => [row.username, row.id]));
  const idOf = (username: string) => {
    const id = ids.get(username);
    if (id === undefined) throw new Error(`demo user ${username} was not written`);
    return id;
  };
  await db.transaction(async (tx) => {
    for (const entry of DEMO_ROLES) await setStoredRoles(tx, idOf(entry.username), entry.roles.map((role) => ({ soldTo: entry.soldTo, role })), [entry.soldTo]);
    for (const entry of DEMO_ORDER_LIMITS) await setUserOrderLimit(tx, entry.soldTo, idOf(entry.username), entry.thresholdPence);
  });
}

/**
 * Writes the demo data through the import code the back office uses (each kind's write, in one transaction,
 * recorded as a run by the "demo seed"), so the demo and real imports cannot drift apart. Idempotent: a
 * second run finds every row unchanged; rows an operator changed are set back to the demo's values. Every demo
 * user has the demo password, so the seed mails no invitations (no mail key).
 */
export async function seedDemoData(db: Db, options: { products?: number } = {}): Promise<void> {
  const productCount = options.products ?? DEMO_PRODUCT_COUNT;
  const by = { operatorId: null, now: new Date(), mailTokenKey: null };
  // The operators first: the customers file names the demo rep of two sold-tos (its salesRep column).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(operators).values(DEMO_OPERATORS.map((operator) => ({ ...operator, passwordHash }))).onConflictDoNothing();
  await applyRows(db, customerImport, demoCustomers(), { fileName: 'demo seed: customers', ...by });
  await demoRolesAndLimits(db);
  await applyRows(db, categoryImport, generateCategories(), { fileName: 'demo seed: categories', ...by });
  const products = Array.from({ length: productCount }, (_, index) => generateProduct(index));
  await applyRows(db, productImport, products, { fileName: 'demo seed: products', ...by });
  const prices = demoPrices(products);
  await applyRows(db, priceImport, prices, { fileName: 'demo seed: prices', ...by });
  // Offers, breaks and next week's prices on the demo catalogue only: a bench catalogue (--products) seeds its own
  // (bench/cart-orders.mjs --price-rules), so the commits it compares start from the same data.
  if (options.products === undefined) await seedPriceRulesDemo(db, products, prices, by.now);
  // Stock short or out on the next delivery dates (docs/stock.md), on the demo catalogue only, as the rules above.
  if (options.products === undefined) await seedStockDemo(db, products, prices, by.now);
  // Delivered orders, invoices and credit requests of kitchen@example.com, at the list prices its company pays.
  await seedAfterDeliveryDemo(db, by.now, (index) => generateProduct(index).listPricePence);
  // A sold-to close to its credit limit and one on hold, as the ERP sends them.
  await seedCreditDemo(db, by.now);
  // Delivered orders of Harbour Hospitality's sites for head office's spend report (docs/reports.md), on the demo
  // catalogue only: its lines name demo products.
  if (options.products === undefined) await seedReportsDemo(db, by.now);
  // Four weeks of delivered orders of market@example.com's two Northern Fresh sites, so the call list has calls
  // today (docs/calls.md); on the demo catalogue only, as above.
  if (options.products === undefined) await seedCallsDemo(db, by.now);
}
