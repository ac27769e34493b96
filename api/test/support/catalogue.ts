import type { TestServer } from './test-server';
import { BASE } from './test-server';

export interface SearchProduct {
  code: string;
  name: string;
  brand: string;
  salesOrg: string;
  storage: string;
  packType: string;
  featured: boolean;
  collections: string[];
  categories: { code: string }[];
  images: { url: string }[];
  stock: { stockLevelStatus: string };
  price?: { currencyIso: string; valuePence: number; formattedValue: string };
  /** The regular price before an offer, where the price shown is an offer's (docs/pricing.md "Offers in listings"). */
  wasPrice?: { currencyIso: string; valuePence: number; formattedValue: string };
  vatRateBp: number;
}

export interface SearchFacet {
  code: string;
  values: { code: string; name: string; count: number; selected: boolean; query: { query: { value: string } } }[];
}

export interface SearchBody {
  currentQuery: { query: { value: string } };
  freeTextSearch: string;
  facets: SearchFacet[];
  pagination: { currentPage: number; pageSize: number; totalPages: number; totalResults: number; sort: string };
  products: SearchProduct[];
  sorts: { code: string; selected: boolean }[];
}

/** GET /products/search with the given parameters; returns status and parsed body. */
export async function search(server: TestServer, params: Record<string, string>, token?: string) {
  const response = await server.request(`${BASE}/products/search?${new URLSearchParams(params).toString()}`, { token });
  return { status: response.status, body: (await response.json()) as SearchBody & { errors?: { subject: string; message: string }[] } };
}

// Demo ship-tos (seed/demo-accounts.ts): multi@example.com holds 0000410002 (CHIL+DAIR, sold-to 0000100001),
// 0000410003 (DAIR, same sold-to) and 0000410004 (CHIL, sold-to 0000100002); solo@example.com holds 0000410001.
export const MULTI = { username: 'multi@example.com', shipTo: '0000410002', soldTo: '0000100001' };
export const MULTI_CHIL_ONLY = { shipTo: '0000410004', soldTo: '0000100002' };
export const SOLO = { username: 'solo@example.com', shipTo: '0000410001', soldTo: '0000100002' };
