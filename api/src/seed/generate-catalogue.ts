import type { ProductImportRow } from '../admin/imports/kinds/products';
import { STORAGE_TEXT } from '../catalogue/storage';
import { BRANDS, CHILLED, DAIRY, QUALIFIERS, type LeafTemplate, type TopCategory } from './catalogue-data';
import { demoFoodInfo } from './food-data';

export interface CategoryRow {
  id: string;
  name: string;
  parentId: string | null;
  range: 'CHIL' | 'DAIR';
  position: number;
}

/** mulberry32: a tiny seeded generator, so the same product number always gets the same product. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

export function generateCategories(): CategoryRow[] {
  const rows: CategoryRow[] = [
    { id: 'CHIL', name: 'Chilled', parentId: null, range: 'CHIL', position: 0 },
    { id: 'DAIR', name: 'Dairy', parentId: null, range: 'DAIR', position: 1 },
  ];
  const add = (range: 'CHIL' | 'DAIR', tops: TopCategory[]) =>
    tops.forEach((top, topIndex) => {
      rows.push({ id: top.id, name: top.name, parentId: range, range, position: topIndex });
      top.leaves.forEach((leaf, leafIndex) =>
        rows.push({ id: leaf.id, name: leaf.name, parentId: top.id, range, position: leafIndex }),
      );
    });
  add('DAIR', DAIRY);
  add('CHIL', CHILLED);
  return rows;
}

interface Leaf extends LeafTemplate {
  range: 'CHIL' | 'DAIR';
}

const LEAVES: Leaf[] = [
  ...DAIRY.flatMap((top) => top.leaves.map((leaf) => ({ ...leaf, range: 'DAIR' as const }))),
  ...CHILLED.flatMap((top) => top.leaves.map((leaf) => ({ ...leaf, range: 'CHIL' as const }))),
];

export const DEMO_PRODUCT_COUNT = 820;

/**
 * Product number i is always the same product: the leaf category cycles, and brand, item, pack and the
 * commercial flags come from a generator seeded with i. Past the first few hundred, a qualifier
 * ('Organic', 'Catering', …) keeps names distinct in benchmark catalogues of 100 000.
 */
export function generateProduct(i: number): ProductImportRow {
  const leaf = LEAVES[i % LEAVES.length] as Leaf;
  const rng = random(i + 1);
  const item = pick(rng, leaf.items);
  const pack = pick(rng, leaf.packs);
  const brand = pick(rng, BRANDS[leaf.range]);
  const round = Math.floor(i / (LEAVES.length * 20));
  const qualifier = round === 0 ? '' : (QUALIFIERS[round % QUALIFIERS.length] ?? '');
  const name = [qualifier, item].filter(Boolean).join(' ');
  const listPricePence = Math.max(50, Math.round((pack.pence * (0.85 + rng() * 0.3)) / 5) * 5);
  const [minLife, maxLife] = leaf.shelfLife;
  const shelfLifeDays = minLife + Math.floor(rng() * (maxLife - minLife + 1));
  const stockRoll = rng();
  const flagRoll = rng();
  const collections: string[] = [];
  if (flagRoll < 0.08) collections.push('specialoffers');
  if (flagRoll > 0.9) collections.push('bestsellers');
  return {
    code: String(100001 + i),
    name,
    description: `${name} from ${brand}, supplied as a case of ${pack.size} (${pack.type.toLowerCase()}). ${leaf.note} ${STORAGE_TEXT[leaf.storage]}; shelf life ${shelfLifeDays} days from delivery.`,
    brand,
    range: leaf.range,
    categoryId: leaf.id,
    packSize: pack.size,
    packType: pack.type,
    salesUnit: 'case',
    listPricePence,
    vatRateBp: leaf.vatRateBp,
    storage: leaf.storage,
    storageText: STORAGE_TEXT[leaf.storage],
    shelfLifeDays,
    minOrderQuantity: rng() < 0.1 ? 2 + Math.floor(rng() * 3) : 1,
    stockStatus: stockRoll < 0.85 ? 'inStock' : stockRoll < 0.95 ? 'lowStock' : 'outOfStock',
    featured: rng() < 0.03,
    collections,
    discontinued: rng() < 0.01,
    food: demoFoodInfo(i, leaf.id, item),
  };
}

/** A sold-to's negotiated prices: each sold-to gets its own deterministic discount on part of the range. */
export function soldToPrice(soldToIndex: number, product: ProductImportRow, i: number): number | null {
  const rng = random((i + 1) * 7919 + soldToIndex * 104_729);
  if (rng() > 0.6) return null;
  const discount = soldToIndex === 0 ? 0.92 + rng() * 0.05 : 0.85 + rng() * 0.08;
  return Math.max(40, Math.round((product.listPricePence * discount) / 5) * 5);
}
