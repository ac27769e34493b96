import type { CartProduct } from '../../src/carts/entries';

/** A product as the cart rules see it: sellable, minimum 1, £10.00 a case, zero-rated; `overrides` set the rest. */
export const cartProduct = (code: string, overrides: Partial<CartProduct> = {}): CartProduct => ({
  productCode: code,
  categoryId: 'DAIR',
  name: `Product ${code}`,
  brand: 'Meadowvale',
  packSize: '6 x 1 L',
  salesUnit: 'case',
  storageText: 'Keep refrigerated 0-5 °C',
  shelfLifeDays: 10,
  range: 'DAIR',
  minOrderQuantity: 1,
  stockStatus: 'inStock',
  discontinued: false,
  unitPricePence: 1000,
  vatRateBp: 0,
  stockLevels: null,
  foodMarkBits: 0,
  ...overrides,
});
