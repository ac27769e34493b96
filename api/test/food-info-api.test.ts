import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, productFoodInfo, products, users, userShipTos } from '../src/db/schema';
import { ALLERGENS } from '../src/food-info/allergens';
import { foodMarkBits, foodMarks } from '../src/food-info/food-marks';
import { createOperator, operatorToken, type ImportReport } from './support/admin-client';
import { MULTI_DAIR, SOLO, shopper } from './support/cart-helpers';
import { ERP_CLIENT, integrationToken } from './support/integration-client';
import { freshShopper } from './support/notification-helpers';
import { placeTestOrder } from './support/order-helpers';
import { onlyOnPostgres } from './support/engines';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { SmtpSink } from './support/smtp-sink';
import { BASE, startTestServer, type TestServer } from './support/test-server';

/** The ERP's catalogue feed: it may write products' food information. */
const CATALOGUE_CLIENT = { id: 'erp-catalogue', secret: 'erp-catalogue-secret-0123456789', scopes: ['products:write'] };

const MILK_INFO = {
  ingredients: 'Pasteurised whole *milk* (100%)',
  allergens: { milk: 'contains', peanuts: 'free', gluten: 'free' },
  dietary: ['vegetarian'],
  nutrition: { basis: '100ml', energyKj: 268, energyKcal: 64, fat: 3.6, saturates: 2.3, carbohydrate: 4.7, sugars: 4.7, protein: 3.4, salt: 0.1 },
  countryOfOrigin: 'United Kingdom',
};

describe('food information: the ERP writes it, every product answer carries it, recipe changes are mailed', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let erp: string;
  before(async () => {
    sink = await new SmtpSink().start();
    server = await startTestServer({
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: 'Meadowvale Foods <orders@meadowvale.example>',
        SHOP_URL: 'https://shop.meadowvale.example',
        DELIVERY_TIMEOUT_SECONDS: '1',
        ...ON_DEMAND_OUTBOX,
        INTEGRATION_CLIENTS: JSON.stringify([ERP_CLIENT, CATALOGUE_CLIENT]),
      },
    });
    erp = await integrationToken(server, CATALOGUE_CLIENT);
  });
  after(async () => {
    await server.close();
    await sink.stop();
  });

  const db = () => server.database.db;
  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const response = await server.request(path, { method, ...(token ? { token } : {}), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { message: string; subject?: string }[] } };
  };
  const put = (code: string, body: unknown, token = erp) => call('PUT', `/admin/v1/products/${code}/foodinfo`, token, body);
  const auditOf = (code: string) => db().select().from(auditLog).where(eq(auditLog.subject, `product:${code}`)).orderBy(asc(auditLog.id));
  /** A product of the range nobody has food information for, made by the test (the seed gives most products some). */
  const newProduct = async (code: string) => {
    const csv = `code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays\n${code},Food test product ${code},Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21\n`;
    const response = await server.request('/admin/v1/imports/products?dryRun=false&fileName=product.csv', { method: 'POST', token: await operatorToken(server), headers: { 'content-type': 'text/csv' }, body: csv });
    assert.equal(response.status, 200, await response.text());
  };

  it('PUT: 201 on first supply, the same body again unchanged (one audit entry), a change 200 and audited; GET reads it back', async () => {
    await newProduct('FI-1001');
    const created = await put('FI-1001', MILK_INFO);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.outcome, 'created');
    const foodInfo = created.body.foodInfo as Record<string, unknown>;
    assert.deepEqual(foodInfo.allergens, { gluten: 'free', milk: 'contains', peanuts: 'free' });
    assert.equal(foodInfo.recipeVersion, 1);
    const [row] = await db().select().from(products).where(eq(products.code, 'FI-1001'));
    assert.deepEqual([row?.allergensContained, row?.allergensMayContain, row?.allergensFree, row?.dietary], [['milk'], [], ['gluten', 'peanuts'], ['vegetarian']]);
    // The number listings read is PostgreSQL's own (migration 0026_food_marks); it must agree with the code's reading.
    assert.equal(row?.foodMarks, foodMarkBits({ contains: ['milk'], free: ['gluten', 'peanuts'], dietary: ['vegetarian'] }));
    assert.deepEqual(foodMarks(row?.foodMarks ?? 0), {
      contains: ['milk'],
      notSupplied: ALLERGENS.filter((allergen) => !['milk', 'gluten', 'peanuts'].includes(allergen)),
      dietary: ['vegetarian'],
    });

    const again = await put('FI-1001', { ...MILK_INFO, allergens: { peanuts: 'free', gluten: 'free', milk: 'contains' } });
    assert.equal(again.status, 200);
    assert.equal(again.body.outcome, 'unchanged');
    assert.deepEqual((await auditOf('FI-1001')).map((entry) => entry.action), ['product.foodInfo']);

    const changed = await put('FI-1001', { ...MILK_INFO, allergens: { ...MILK_INFO.allergens, soya: 'mayContain' } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.outcome, 'updated');
    assert.equal((changed.body.foodInfo as { recipeVersion: number }).recipeVersion, 2);
    const audit = await auditOf('FI-1001');
    assert.equal(audit.length, 2);
    assert.equal((audit[1]?.after as { by: string }).by, `client:${CATALOGUE_CLIENT.id}`);
    assert.equal((audit[1]?.before as { recipeVersion: number }).recipeVersion, 1);

    const read = await call('GET', '/admin/v1/products/FI-1001/foodinfo', erp);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.allergens, { gluten: 'free', milk: 'contains', peanuts: 'free', soya: 'mayContain' });
    assert.deepEqual(read.body.nutrition, MILK_INFO.nutrition);
  });

  it('who may write: the scope or an admin operator; a service operator, another client, a shopper or nobody may not', async () => {
    await newProduct('FI-1002');
    const admin = await operatorToken(server);
    assert.equal((await put('FI-1002', MILK_INFO, admin)).status, 201);
    assert.equal((await put('FI-1002', MILK_INFO, await operatorToken(server, await createOperator(server, 'customerService')))).status, 403);
    assert.equal((await put('FI-1002', MILK_INFO, await integrationToken(server, ERP_CLIENT))).status, 403);
    assert.equal((await put('FI-1002', MILK_INFO, (await shopper(server, SOLO)).token)).status, 403);
    assert.equal((await call('PUT', '/admin/v1/products/FI-1002/foodinfo', undefined, MILK_INFO)).status, 401);
    assert.equal((await call('GET', '/admin/v1/products/FI-1002/foodinfo', undefined)).status, 401);
  });

  it('refuses bad input with 400 naming the field and writes nothing; 404 for an unknown product', async () => {
    await newProduct('FI-1003');
    const n = MILK_INFO.nutrition;
    const cases: [string, unknown, string][] = [
      ['unknown allergen', { ...MILK_INFO, allergens: { walnuts: 'contains' } }, 'allergens'],
      ['unknown status', { ...MILK_INFO, allergens: { milk: 'yes' } }, 'allergens.milk'],
      ['unknown diet', { ...MILK_INFO, dietary: ['paleo'] }, 'dietary.0'],
      ['no ingredients', { ...MILK_INFO, ingredients: '  ' }, 'ingredients'],
      ['unbalanced asterisks', { ...MILK_INFO, ingredients: 'Whole *milk, salt' }, 'ingredients'],
      ['negative salt', { ...MILK_INFO, nutrition: { ...n, salt: -0.1 } }, 'nutrition.salt'],
      ['grams over 100', { ...MILK_INFO, nutrition: { ...n, protein: 120 } }, 'nutrition.protein'],
      ['saturates over fat', { ...MILK_INFO, nutrition: { ...n, saturates: 4 } }, 'nutrition.saturates'],
      ['sugars over carbohydrate', { ...MILK_INFO, nutrition: { ...n, sugars: 5 } }, 'nutrition.sugars'],
      ['kcal over 900', { ...MILK_INFO, nutrition: { ...n, energyKcal: 950, energyKj: 3975 } }, 'nutrition.energyKcal'],
      ['kJ not the kcal', { ...MILK_INFO, nutrition: { ...n, energyKj: 900 } }, 'nutrition.energyKj'],
      ['basis unknown', { ...MILK_INFO, nutrition: { ...n, basis: 'portion' } }, 'nutrition.basis'],
      ['vegan with milk', { ...MILK_INFO, dietary: ['vegan'] }, 'dietary'],
      ['unknown field', { ...MILK_INFO, colour: 'white' }, 'body'],
    ];
    for (const [what, body, field] of cases) {
      const answer = await put('FI-1003', body);
      assert.equal(answer.status, 400, `${what}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.errors?.[0]?.subject, field, `${what}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await db().select().from(productFoodInfo).where(eq(productFoodInfo.productCode, 'FI-1003'))).length, 0);
    assert.deepEqual((await db().select({ free: products.allergensFree }).from(products).where(eq(products.code, 'FI-1003')))[0]?.free, []);
    assert.equal((await auditOf('FI-1003')).length, 0);
    assert.equal((await put('NO-SUCH-PRODUCT', MILK_INFO)).status, 404);
    assert.equal((await call('GET', '/admin/v1/products/NO-SUCH-PRODUCT/foodinfo', erp)).status, 404);
    assert.equal((await call('GET', '/admin/v1/products/FI-1003/foodinfo', erp)).status, 404, 'known, but no food information yet');
  });

  it('product answers carry foodMarks in label order; detail carries foodInfo with emphasis and the sheet address; the sheet is a PDF', async () => {
    await newProduct('FI-1004');
    assert.equal((await put('FI-1004', { ...MILK_INFO, allergens: { sulphites: 'free', milk: 'contains', celery: 'free', eggs: 'mayContain' }, dietary: ['organic', 'vegetarian'] })).status, 201);
    const solo = await shopper(server, SOLO);
    const detail = await solo.call('GET', '/products/FI-1004');
    assert.equal(detail.status, 200, JSON.stringify(detail.body));
    const fi1004Marks = {
      contains: ['milk'],
      mayContain: ['eggs'],
      notSupplied: ALLERGENS.filter((allergen) => !['milk', 'eggs', 'celery', 'sulphites'].includes(allergen)),
      dietary: ['vegetarian', 'organic'],
    };
    assert.deepEqual(detail.body.foodMarks, fi1004Marks);
    const info = detail.body.foodInfo as { ingredients: unknown; specificationSheetUrl: string; countryOfOrigin: string; nutrition: unknown };
    assert.deepEqual(info.ingredients, [
      { text: 'Pasteurised whole ', emphasis: false },
      { text: 'milk', emphasis: true },
      { text: ' (100%)', emphasis: false },
    ]);
    assert.equal(info.specificationSheetUrl, '/product/FI-1004/specification.pdf');
    assert.equal(info.countryOfOrigin, 'United Kingdom');
    assert.deepEqual(info.nutrition, MILK_INFO.nutrition);
    await newProduct('FI-1005');
    const bare = await solo.call('GET', '/products/FI-1005');
    assert.deepEqual(bare.body.foodMarks, { notSupplied: ALLERGENS });
    assert.equal(bare.body.foodInfo, undefined, 'no food information: no foodInfo, never an empty one');

    const search = await solo.call('GET', '/products/search?query=Whole%20Milk&pageSize=5');
    const found = (search.body.products as { foodMarks?: { contains: string[] } }[])[0];
    assert.ok(found?.foodMarks, JSON.stringify(search.body).slice(0, 300));

    const order = await placeTestOrder(server, solo, [1]);
    const orderAnswer = await solo.call('GET', `/users/current/orders/${order.code}`, { scoped: false });
    const entry = (orderAnswer.body.entries as { product: { code: string; foodMarks: unknown } }[])[0];
    const [stored] = await db().select().from(products).where(eq(products.code, entry?.product.code ?? ''));
    assert.deepEqual((entry?.product.foodMarks as { contains?: string[] }).contains ?? [], stored?.allergensContained ?? []);
    await solo.call('POST', '/users/current/carts');
    assert.equal((await solo.call('POST', '/users/current/carts/active/entries', { body: { product: { code: 'FI-1004' }, quantity: 1 } })).status, 200);
    const cart = await solo.call('GET', '/users/current/carts/active');
    const line = (cart.body.entries as { product: { code: string; foodMarks: unknown } }[] | undefined)?.find((e) => e.product.code === 'FI-1004');
    assert.deepEqual(line?.product.foodMarks, fi1004Marks);

    const pdf = await server.request(`${BASE}/products/FI-1004/specification.pdf`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    assert.ok(bytes.length > 1000);
    assert.equal((await server.request(`${BASE}/products/NO-SUCH/specification.pdf`)).status, 404);
  });

  it('a recipe change mails each active user of the sites that ordered the product once, however often it is sent; first supply mails nobody', async () => {
    const buyer = await freshShopper(server, 'food-recipe-buyer');
    const order = await placeTestOrder(server, buyer, [1]);
    const code = order.entries[0]?.product.code ?? '';
    await dispatch(server);
    const before = sink.mails.length;
    const current = (await call('GET', `/admin/v1/products/${code}/foodinfo`, erp)).body as typeof MILK_INFO;
    const changed = { ...current, ingredients: `${current.ingredients}, *sesame* seeds`, allergens: { ...current.allergens, sesame: 'contains' } };
    delete (changed as Record<string, unknown>).code;
    delete (changed as Record<string, unknown>).recipeVersion;
    delete (changed as Record<string, unknown>).updatedAt;
    assert.equal((await put(code, changed)).body.outcome, 'updated');
    assert.equal((await put(code, changed)).body.outcome, 'unchanged');
    await dispatch(server);
    await dispatch(server);
    const mails = sink.mails.slice(before).filter((mail) => mail.subject?.startsWith('Recipe change:') && mail.subject.includes(`(${code})`));
    const siteUsers = await db()
      .select({ email: users.email })
      .from(userShipTos)
      .innerJoin(users, eq(users.id, userShipTos.userId))
      .where(and(eq(userShipTos.shipToCode, SOLO.shipTo), eq(users.status, 'active')));
    const addresses = mails.map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address);
    assert.ok(addresses.includes(buyer.username), 'the buyer is told');
    assert.equal(new Set(addresses).size, addresses.length, 'once each');
    for (const { email } of siteUsers) assert.ok(addresses.includes(email), `${email} of the ordering site is told`);
    const multi = (await db().select({ email: users.email }).from(users).where(eq(users.username, MULTI_DAIR.username)))[0];
    assert.ok(!addresses.includes(multi?.email), 'a site that did not order it is not told');
    const text = (mails.find((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === buyer.username)?.text ?? '').replace(/\s+/g, ' ');
    assert.ok(text.includes('Allergens added: - Sesame: was'), text);
    assert.ok(text.includes('now contains'), text);
    assert.ok(text.includes('Ingredients changed.'), text);
    assert.ok(text.includes(`https://shop.meadowvale.example/product/${code}/specification.pdf`), text);
    assert.ok(text.includes(`https://shop.meadowvale.example/product/${code}/ `), text);

    const confirmation = sink.mails.find((mail) => mail.subject?.includes(order.code));
    assert.ok(confirmation?.text?.includes(`https://shop.meadowvale.example/product/${code}/specification.pdf`), 'the order confirmation links the sheet');

    // A change of origin only is no recipe change: no mail.
    const quiet = sink.mails.length;
    assert.equal((await put(code, { ...changed, countryOfOrigin: 'Wales' })).body.outcome, 'updated');
    await dispatch(server);
    assert.equal(sink.mails.length, quiet);
  });

  it('the same change sent twice at once is one change: one update, one audit entry, one mail per user', { skip: onlyOnPostgres }, async () => {
    const buyer = await freshShopper(server, 'food-race-buyer');
    const order = await placeTestOrder(server, buyer, [1]);
    const code = order.entries[0]?.product.code ?? '';
    await dispatch(server);
    const { code: _code, recipeVersion: _version, updatedAt: _at, ...current } = (await call('GET', `/admin/v1/products/${code}/foodinfo`, erp)).body as Record<string, unknown>;
    const allergens = current.allergens as Record<string, string>;
    const changed = { ...current, allergens: { ...allergens, lupin: allergens.lupin === 'mayContain' ? 'contains' : 'mayContain' } };
    const auditBefore = (await auditOf(code)).length;
    const before = sink.mails.length;
    const answers = await Promise.all([put(code, changed), put(code, changed), put(code, changed)]);
    assert.deepEqual(answers.map((answer) => answer.body.outcome).sort(), ['unchanged', 'unchanged', 'updated']);
    assert.equal((await auditOf(code)).length, auditBefore + 1);
    await dispatch(server);
    const toBuyer = sink.mails.slice(before).filter((mail) => mail.subject?.includes(`(${code})`) && JSON.stringify(mail.to).includes(buyer.username));
    assert.equal(toBuyer.length, 1);
  });

  it('products import: food columns written with the product; a bad food cell refuses the file, naming row and column', async () => {
    const admin = await operatorToken(server);
    const upload = async (csv: string) => {
      const response = await server.request('/admin/v1/imports/products?dryRun=false&fileName=food.csv', { method: 'POST', token: admin, headers: { 'content-type': 'text/csv' }, body: csv });
      return { status: response.status, body: (await response.json()) as ImportReport };
    };
    const header = 'code,name,brand,range,category,packSize,listPrice,vatRate,storage,shelfLifeDays,ingredients,allergensContains,allergensMayContain,allergensFree,dietary,countryOfOrigin,nutritionBasis,energyKj,energyKcal,fat,saturates,carbohydrate,sugars,protein,salt\n';
    const good = `FI-2001,Imported Oat Drink,Testbrand,DAIR,DAIR_MILK_PLANT,6 x 1 L,11.40,0,ambient,180,"Water, *oats* (10%), salt",gluten,,milk eggs peanuts,vegan vegetarian,Sweden,100ml,192,46,1.5,0.2,6.7,4,1,0.1\n`;
    const plain = 'FI-2002,Imported Plain Butter,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21,,,,,,,,,,,,,,,\n';
    const ok = await upload(header + good + plain);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const [oat] = await db().select().from(products).where(eq(products.code, 'FI-2001'));
    assert.deepEqual([oat?.allergensContained, oat?.allergensFree, oat?.dietary], [['gluten'], ['eggs', 'milk', 'peanuts'], ['vegetarian', 'vegan']]);
    const [oatInfo] = await db().select().from(productFoodInfo).where(eq(productFoodInfo.productCode, 'FI-2001'));
    assert.equal(oatInfo?.ingredients, 'Water, *oats* (10%), salt');
    assert.equal(oatInfo?.countryOfOrigin, 'Sweden');
    assert.equal((await db().select().from(productFoodInfo).where(eq(productFoodInfo.productCode, 'FI-2002'))).length, 0, 'no food columns: no food information');

    const bad = [
      `FI-2003,Bad Allergen,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21,Butter,walnut,,,,,,,,,,,,,\n`,
      `FI-2004,Bad Sugar,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21,*Butter*,milk,,,,,100g,3000,717,81,50,1,2,1,1.5\n`,
      `FI-2005,Half Nutrition,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21,*Butter*,milk,,,,,100g,,,,,,,,\n`,
      `FI-2006,No Ingredients,Testbrand,DAIR,DAIR_BUTTER,6 x 250 g,12.50,0,chilled,21,,milk,,,,,,,,,,,,,\n`,
    ];
    const refused = await upload(header + good.replace('FI-2001', 'FI-2007') + bad.join(''));
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    const columns = refused.body.problems.map((p) => [p.line, p.column]);
    assert.deepEqual(columns.filter(([line]) => line === 3), [[3, 'allergensContains']]);
    assert.deepEqual(columns.filter(([line]) => line === 4), [[4, 'sugars']]);
    assert.ok(columns.some(([line, column]) => line === 5 && column === 'energyKj'), JSON.stringify(columns));
    assert.deepEqual(columns.filter(([line]) => line === 6), [[6, 'ingredients']]);
    assert.equal((await db().select().from(products).where(eq(products.code, 'FI-2007'))).length, 0, 'nothing of the file was written');
    assert.equal((await db().select().from(productFoodInfo).where(eq(productFoodInfo.productCode, 'FI-2007'))).length, 0);

    const template = await server.request('/admin/v1/imports/products/template', { token: admin });
    if (template.status === 200) assert.ok((await template.text()).includes('allergensContains'));
  });
});
