import type { Db } from '../db/client';
import { categories, prices, products, shipToRanges, shipTos, soldTos, userShipTos, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { DEMO_PASSWORD, SHIP_TOS, SOLD_TOS, USERS } from './demo-accounts';
import { DEMO_PRODUCT_COUNT, generateCategories, generateProduct, soldToPrice, type ProductRow } from './generate-catalogue';

const BATCH = 1000;

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await write(rows.slice(start, start + BATCH));
  }
}

/** Writes the demo data. Idempotent: rows that already exist are left as they are. */
export async function seedDemoData(db: Db, options: { products?: number } = {}): Promise<void> {
  const productCount = options.products ?? DEMO_PRODUCT_COUNT;
  await db.insert(soldTos).values(SOLD_TOS).onConflictDoNothing();
  await db
    .insert(shipTos)
    .values(SHIP_TOS.map(({ ranges: _ranges, ...shipTo }) => shipTo))
    .onConflictDoNothing();
  await db
    .insert(shipToRanges)
    .values(SHIP_TOS.flatMap((s) => s.ranges.map((r, position) => ({ shipToCode: s.code, position, ...r }))))
    .onConflictDoNothing();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of USERS) {
    const inserted = await db
      .insert(users)
      .values({ username: user.username, customerId: user.customerId, name: user.name, email: user.username, passwordHash, status: user.status })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const id = inserted[0]?.id;
    if (id !== undefined && user.shipTos.length > 0) {
      await db.insert(userShipTos).values(user.shipTos.map((shipToCode, position) => ({ userId: id, shipToCode, position })));
    }
  }

  await db.insert(categories).values(generateCategories()).onConflictDoNothing();
  await seedCatalogue(db, productCount);
}

async function seedCatalogue(db: Db, productCount: number): Promise<void> {
  // Generated a slice at a time so a 100 000-product benchmark catalogue never sits in memory whole.
  const SLICE = 10_000;
  for (let first = 0; first < productCount; first += SLICE) {
    const rows: ProductRow[] = [];
    for (let i = first; i < Math.min(productCount, first + SLICE); i++) rows.push(generateProduct(i));
    await inBatches(rows, (batch) => db.insert(products).values(batch).onConflictDoNothing());
    const priceRows = rows.flatMap((product, offset) =>
      SOLD_TOS.flatMap((soldTo, soldToIndex) => {
        const pricePence = soldToPrice(soldToIndex, product, first + offset);
        return pricePence === null ? [] : [{ soldToCode: soldTo.code, productCode: product.code, pricePence }];
      }),
    );
    await inBatches(priceRows, (batch) => db.insert(prices).values(batch).onConflictDoNothing());
  }
}
