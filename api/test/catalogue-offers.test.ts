// test:api:embedded: listings priced through the pipeline read the rules from the process's copy, which both engines fill from notifications
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { categories, datedPrices, products, promotions, shipTos, volumeTiers } from '../src/db/schema';
import { pricingToday } from '../src/pricing/price-adjuster';
import { priceRulesCopyOf } from '../src/pricing/price-rules/price-rules-copy';
import { addDays } from '../src/time/calendar-date';
import { shopper, SOLO, type Json, type Shopper } from './support/cart-helpers';
import { startTestServer, type TestServer } from './support/test-server';

interface Money {
  valuePence: number;
  formattedValue: string;
}
interface ListedProduct {
  code: string;
  price?: Money;
  offer?: { kind: string; name: string; endsOn?: string };
  wasPrice?: Money;
  nextBreak?: { minQuantity: number; price: Money };
}

const LIST = 1000;

describe('offers in listings: cards and product detail show the price paid today, the offer and the next break', () => {
  let server: TestServer;
  let solo: Shopper;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const [promoted, tiered, dated, plain, below] = ['P', 'T', 'D', 'N', 'B'].map((letter) => `LO-${tag}-${letter}`) as [string, string, string, string, string];
  const category = `DAIR_LO_${tag}`;
  const offeredCategory = `DAIR_LO2_${tag}`;
  const belowCategory = `DAIR_LO3_${tag}`;
  const today = pricingToday();

  before(async () => {
    server = await startTestServer();
    solo = await shopper(server, SOLO);
    const db = server.database.db;
    await db.insert(categories).values([
      { id: category, name: `Listing offers ${tag}`, parentId: 'DAIR', range: 'DAIR' },
      { id: offeredCategory, name: `Offered category ${tag}`, parentId: 'DAIR', range: 'DAIR' },
      { id: belowCategory, name: `Below an offered category ${tag}`, parentId: offeredCategory, range: 'DAIR' },
    ]);
    const [template] = await db.select().from(products).where(eq(products.range, 'DAIR')).limit(1);
    assert.ok(template);
    const { foodMarks: _marks, searchText: _text, searchDocument: _document, ...fields } = template;
    await db.insert(products).values(
      [promoted, tiered, dated, plain, below].map((code) => ({
        ...fields,
        code,
        name: `Listing offer ${code}`,
        categoryId: code === below ? belowCategory : category,
        listPricePence: LIST,
        minOrderQuantity: 1,
        discontinued: false,
        stockStatus: 'inStock',
      })),
    );
    await db.insert(promotions).values([
      { code: `LO-${tag}`, name: 'Ten off this week', kind: 'percentOff', value: 1000, who: 'all', what: 'products', targets: [promoted], validFrom: addDays(today, -1), validTo: addDays(today, 3) },
      { code: `CAT-${tag}`, name: 'Category week', kind: 'amountOff', value: 150, who: 'all', what: 'categories', targets: [offeredCategory], validFrom: today, validTo: addDays(today, 3) },
      { code: `LATER-${tag}`, name: 'Not yet', kind: 'percentOff', value: 5000, who: 'all', what: 'products', targets: [plain], validFrom: addDays(today, 10), validTo: addDays(today, 20) },
    ]);
    await db.insert(volumeTiers).values({ productCode: tiered, minQuantity: 5, pricePence: 900 });
    await db.insert(datedPrices).values({ productCode: dated, validFrom: addDays(today, 7), pricePence: 1200 });
    // The copy is read again once the notifications of these writes have come.
    const [shipTo] = await db.select({ soldTo: shipTos.soldToCode }).from(shipTos).where(eq(shipTos.code, SOLO.shipTo));
    assert.ok(shipTo);
    const copy = priceRulesCopyOf(db);
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
      await copy?.settled();
      if (copy?.rulesFor(shipTo.soldTo, [{ code: tiered, categoryId: category }])?.get(tiered)?.tiers.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  after(async () => server.close());

  const detail = async (code: string): Promise<ListedProduct> => {
    const answer: Json = await solo.call('GET', `/products/${code}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as unknown as ListedProduct;
  };

  it('product detail: the offer price with the regular one and its end, the next break, and nothing for a price not yet in force', async () => {
    const offered = await detail(promoted);
    assert.deepEqual([offered.price?.valuePence, offered.wasPrice?.valuePence, offered.offer], [900, LIST, { kind: 'promotion', name: 'Ten off this week', endsOn: addDays(today, 3) }]);
    const broken = await detail(tiered);
    assert.deepEqual([broken.price?.valuePence, broken.offer, broken.nextBreak], [LIST, undefined, { minQuantity: 5, price: { currencyIso: 'GBP', valuePence: 900, formattedValue: '£9.00' } }]);
    const later = await detail(dated);
    assert.deepEqual([later.price?.valuePence, later.offer, later.nextBreak], [LIST, undefined, undefined], 'next week’s price is not today’s');
    const notYet = await detail(plain);
    assert.deepEqual([notYet.price?.valuePence, notYet.offer], [LIST, undefined], 'an offer that has not started');
  });

  it('search: each card as product detail has it; without a ship-to there is neither price nor offer', async () => {
    let listed: ListedProduct[] = [];
    // The search index takes the new products from notifications too: until then search answers from SQL.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && listed.length < 4; ) {
      const answer: Json = await solo.call('GET', `/products/search?query=${encodeURIComponent(`:name-asc:category:${category}`)}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      listed = answer.body.products as ListedProduct[];
      if (listed.length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const card = (code: string) => listed.find((one) => one.code === code);
    assert.deepEqual([card(promoted)?.price?.valuePence, card(promoted)?.wasPrice?.valuePence, card(promoted)?.offer?.name], [900, LIST, 'Ten off this week']);
    assert.equal(card(tiered)?.nextBreak?.minQuantity, 5);
    assert.deepEqual([card(dated)?.price?.valuePence, card(plain)?.offer], [LIST, undefined]);
    const anonymous: Json = await solo.call('GET', `/products/search?salesOrg=DAIR&query=${encodeURIComponent(`:name-asc:category:${category}`)}`, { scoped: false });
    assert.equal(anonymous.status, 200, JSON.stringify(anonymous.body));
    for (const one of anonymous.body.products as ListedProduct[]) assert.deepEqual([one.price, one.offer, one.wasPrice, one.nextBreak], [undefined, undefined, undefined, undefined]);
  });

  it('the Offers page: the products with a promotion the sold-to can have today, priced as cards; another’s ship-to is not found', async () => {
    const answer: Json = await solo.call('GET', '/products/offers');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const mine = (answer.body.products as ListedProduct[]).filter((one) => one.code.startsWith(`LO-${tag}-`));
    assert.deepEqual(
      mine.map((one) => [one.code, one.price?.valuePence, one.offer?.name]),
      [
        [below, 850, 'Category week'],
        [promoted, 900, 'Ten off this week'],
      ],
      'a category promotion reaches the category below it; neither a volume break, a later price nor an offer not yet started makes an offer today',
    );
    const foreign: Json = await solo.call('GET', '/products/offers?shipTo=0000410002&salesOrg=DAIR', { scoped: false });
    assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
    const missing: Json = await solo.call('GET', '/products/offers?salesOrg=DAIR', { scoped: false });
    assert.equal(missing.status, 400, JSON.stringify(missing.body));
  });
});
