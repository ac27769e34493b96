/** How a product is kept. */
export const STORAGES = ['chilled', 'frozen', 'ambient'] as const;
export type Storage = (typeof STORAGES)[number];

/** The storage advice a product shows when its own import gave none. */
export const STORAGE_TEXT: Record<Storage, string> = {
  chilled: 'Keep refrigerated 0-5 °C',
  frozen: 'Store frozen at -18 °C or below',
  ambient: 'Store in a cool, dry place',
};
