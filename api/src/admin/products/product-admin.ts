import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Range } from '../../accounts/ship-tos';
import type { Db, DbOrTx } from '../../db/client';
import { categories, prices, products, soldTos } from '../../db/schema';
import { fail, ok, type Result } from '../../errors/result';
import { inTransaction } from '../../errors/transaction';
import { customerPrices } from '../../pricing/customer-prices';
import { money } from '../../pricing/money';
import { recordAudit } from '../../audit/record-audit';
import type { ProductProblem } from './problems';

export interface ProductFilter {
  q?: string;
  range?: Range;
  /** true: sold; false: not sold (deactivated or discontinued). */
  active?: boolean;
  page: number;
  pageSize: number;
}

const summary = {
  code: products.code,
  name: products.name,
  brand: products.brand,
  range: products.range,
  categoryId: products.categoryId,
  categoryName: categories.name,
  packSize: products.packSize,
  listPricePence: products.listPricePence,
  discontinued: products.discontinued,
};

type SummaryRow = { [K in keyof typeof summary]: (typeof summary)[K]['_']['data'] };

const view = (row: SummaryRow) => ({
  code: row.code,
  name: row.name,
  brand: row.brand,
  range: row.range,
  category: { id: row.categoryId, name: row.categoryName },
  packSize: row.packSize,
  listPrice: money(row.listPricePence),
  active: !row.discontinued,
});

/**
 * Products for the back office, sold or not. Free text goes through the catalogue's own normal form
 * (mv_search_normalize over search_text, kept by the search trigger), or matches a code exactly.
 */
export async function searchProductsForOperator(db: DbOrTx, filter: ProductFilter) {
  const text = filter.q?.trim();
  const where = and(
    text ? or(eq(products.code, text), sql`${products.searchText} like '%' || mv_search_normalize(${text}) || '%'`) : undefined,
    filter.range ? eq(products.range, filter.range) : undefined,
    filter.active === undefined ? undefined : eq(products.discontinued, !filter.active),
  );
  const rows = await db
    .select(summary)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.name), asc(products.code))
    .limit(filter.pageSize + 1)
    .offset(filter.page * filter.pageSize);
  return { products: rows.slice(0, filter.pageSize).map(view), hasMore: rows.length > filter.pageSize };
}

/** One product with what each sold-to pays for it (its own price, else the list price: pricing/customer-prices.ts). */
export async function productWithPrices(db: DbOrTx, code: string) {
  const row = (await db.select(summary).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(eq(products.code, code)).limit(1))[0];
  if (!row) return fail<ProductProblem>({ kind: 'productNotFound', code });
  const customers = await db.select({ code: soldTos.code, name: soldTos.name, own: prices.pricePence }).from(soldTos).leftJoin(prices, and(eq(prices.soldToCode, soldTos.code), eq(prices.productCode, code))).orderBy(asc(soldTos.code));
  const soldToPrices = await Promise.all(
    customers.map(async (customer) => {
      const price = (await customerPrices(db, customer.code, [code])).get(code);
      return { soldTo: { code: customer.code, name: customer.name }, price: money(price?.pricePence ?? row.listPricePence), own: customer.own !== null };
    }),
  );
  return ok({ ...view(row), prices: soldToPrices });
}

interface ActiveChange {
  code: string;
  active: boolean;
  /** False when the product already was as asked: nothing written, nothing audited. */
  changed: boolean;
}

/** Starts or stops selling a product, audited in the same transaction. Stopping is the catalogue's "discontinued". */
export async function setProductActive(db: Db, operatorId: number, code: string, active: boolean): Promise<Result<ActiveChange, ProductProblem>> {
  return inTransaction<ActiveChange, ProductProblem>(db, async (tx) => {
    const current = (await tx.select({ discontinued: products.discontinued }).from(products).where(eq(products.code, code)).for('update').limit(1))[0];
    if (!current) return fail({ kind: 'productNotFound', code });
    if (current.discontinued === !active) return ok({ code, active, changed: false });
    await tx.update(products).set({ discontinued: !active }).where(eq(products.code, code));
    await recordAudit(tx, { operatorId, action: active ? 'product.activate' : 'product.deactivate', subject: `product:${code}`, before: { active: !current.discontinued }, after: { active } });
    return ok({ code, active, changed: true });
  });
}
