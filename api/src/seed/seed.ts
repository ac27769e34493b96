import type { Db } from '../db/client';
import { operators } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { applyRows } from '../admin/imports/run-import';
import { categoryImport } from '../admin/imports/kinds/categories';
import { customerImport } from '../admin/imports/kinds/customers';
import type { CustomerImportRow } from '../admin/imports/kinds/customers/customer-rows';
import { priceImport, type PriceImportRow } from '../admin/imports/kinds/prices';
import { productImport, type ProductImportRow } from '../admin/imports/kinds/products';
import { DEMO_OPERATOR, DEMO_PASSWORD, SHIP_TOS, SOLD_TOS, USERS } from './demo-accounts';
import { DEMO_PRODUCT_COUNT, generateCategories, generateProduct, soldToPrice } from './generate-catalogue';

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

function demoPrices(products: ProductImportRow[]): PriceImportRow[] {
  return products.flatMap((product, index) =>
    SOLD_TOS.flatMap((soldTo, soldToIndex) => {
      const pricePence = soldToPrice(soldToIndex, product, index);
      return pricePence === null ? [] : [{ soldToCode: soldTo.code, productCode: product.code, pricePence }];
    }),
  );
}

/**
 * Writes the demo data through the import code the back office uses (each kind's write, in one transaction,
 * recorded as a run by the "demo seed"), so the demo and real imports cannot drift apart. Idempotent: a
 * second run finds every row unchanged; rows an operator changed are set back to the demo's values.
 */
export async function seedDemoData(db: Db, options: { products?: number } = {}): Promise<void> {
  const productCount = options.products ?? DEMO_PRODUCT_COUNT;
  await applyRows(db, customerImport, demoCustomers(), { fileName: 'demo seed: customers', operatorId: null });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(operators).values({ ...DEMO_OPERATOR, passwordHash }).onConflictDoNothing();
  await applyRows(db, categoryImport, generateCategories(), { fileName: 'demo seed: categories', operatorId: null });
  const products = Array.from({ length: productCount }, (_, index) => generateProduct(index));
  await applyRows(db, productImport, products, { fileName: 'demo seed: products', operatorId: null });
  await applyRows(db, priceImport, demoPrices(products), { fileName: 'demo seed: prices', operatorId: null });
}
