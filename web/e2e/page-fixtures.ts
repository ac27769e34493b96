import { orderableProducts, SOLO, setCart, signedIn } from './journey-support';
import { standingOrder } from './standing-support';
import type { Shop } from './support/shop';

/** What the page-by-page checks (axe, phone widths) open besides the catalogue: an order and a standing order. */
export interface PageFixtures {
  productCode: string;
  orderCode: string;
  /** The standing-order pages: list, new, detail, edit and its first delivery. */
  standingPaths: string[];
}

export async function pageFixtures(shop: Shop): Promise<PageFixtures> {
  const [product] = await orderableProducts(shop, SOLO, 1);
  if (!product) throw new Error('no product');
  const orderCode = await placeOrderViaUi(shop, product.code);
  const standing = await standingOrder(shop, SOLO, 'Weekly dairy', [{ code: product.code, quantity: 2 }], [2, 5]);
  return {
    productCode: product.code,
    orderCode,
    standingPaths: [
      '/account/standing-orders/',
      '/account/standing-orders/new/?cart=active',
      `/account/standing-orders/${standing.code}/`,
      `/account/standing-orders/${standing.code}/edit/`,
      `/account/standing-orders/${standing.code}/deliveries/${standing.nextDeliveries[0]?.date ?? ''}/`,
    ],
  };
}

/** One order placed through checkout, so the order pages have something to show. */
async function placeOrderViaUi(shop: Shop, productCode: string): Promise<string> {
  await setCart(shop, SOLO, [{ code: productCode, quantity: 2 }]);
  const page = await shop.newPage();
  await signedIn(shop, page, SOLO.username, { at: '/cart/checkout/' });
  const dates = page.getByLabel('Delivery date');
  const first = await dates.locator('option:not([disabled])').first().getAttribute('value');
  await dates.selectOption(first ?? '');
  await page.locator('#requestedDeliveryDate-status').getByText('Saved').waitFor();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/cart/confirmation/**');
  const code = (await page.locator('dd strong').first().innerText()).trim();
  await shop.finishTest();
  return code;
}
