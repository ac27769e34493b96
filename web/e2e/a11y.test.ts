import { after, afterEach, before, describe, test } from 'node:test';
import { pageFixtures } from './page-fixtures';
import { startShop, type Shop } from './support/shop';
import { assertAccessible, SOLO, setCart, signedIn, WIDTHS } from './journey-support';

/** axe-core on every page of the shop, signed out and signed in, at both widths: no serious or critical violation. */
let shop: Shop;
let productCode: string;
let orderCode: string;
let standingPaths: string[];
before(async () => {
  shop = await startShop();
  ({ productCode, orderCode, standingPaths } = await pageFixtures(shop));
});
afterEach(async () => shop.finishTest());
after(async () => shop?.close());

const SIGNED_OUT = ['/', '/login/', '/about/', '/about/faq/', '/about/video-guide/', '/about/cookie-policy/', '/about/privacy/', '/about/terms/', '/no-such-page/'];

const signedInPages = () => [
  '/',
  '/category/DAIR-MILK/',
  '/category/DAIR-CHEESE/',
  '/category/DAIR-CHEESE-CHEDDAR/?brand=Meadowvale&sort=price-asc',
  '/search/milk/',
  '/search/nothing-matches-this/',
  `/product/${productCode}/`,
  '/cart/',
  '/cart/checkout/',
  `/cart/confirmation/${orderCode}/`,
  '/account/',
  '/account/carts/',
  '/account/allergens/',
  '/account/orders/',
  `/account/orders/${orderCode}/`,
  ...standingPaths,
  '/about/',
];

describe('axe-core on every page', () => {
  for (const [name, viewport] of WIDTHS) {
    test(`signed out, ${name} width`, async () => {
      const page = await shop.newPage({ viewport, allowConsoleErrors: [/404 \(Not Found\)/] });
      for (const path of SIGNED_OUT) {
        await page.goto(path);
        await assertAccessible(page, `${path} signed out (${name})`);
      }
    });

    test(`signed in, ${name} width (cart with lines)`, async () => {
      await setCart(shop, SOLO, [{ code: productCode, quantity: 3 }]);
      const page = await shop.newPage({ viewport });
      await signedIn(shop, page, SOLO.username);
      for (const path of signedInPages()) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await assertAccessible(page, `${path} (${name})`);
      }
    });
  }

  test('account selection and the empty cart and checkout', async () => {
    await setCart(shop, SOLO, []);
    const solo = await shop.newPage();
    await signedIn(shop, solo, SOLO.username);
    for (const path of ['/cart/', '/cart/checkout/']) {
      await solo.goto(path);
      await assertAccessible(solo, `${path} empty`);
    }
    const multi = await shop.newPage();
    await shop.signIn(multi, 'multi@example.com');
    await assertAccessible(multi, '/account/select/');
  });
});
