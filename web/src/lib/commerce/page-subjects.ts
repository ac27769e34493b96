import 'server-only';
import { cache } from 'react';
import type { ApiResult } from '@/lib/errors/app-error';
import { categoryPath, getCategoryTree } from './categories';
import { categoryIdFromSlug } from './category-ids';
import { getOrder } from './orders';
import { getProduct } from './products';
import { decodedRouteParam } from './route-param';
import { shopScope } from './scope';
import type { DeliveryDetail, StandingOrder } from './standing-order-schemas';
import { getDelivery, getStandingOrder } from './standing-orders';
import type { Order, Product } from './types';

/**
 * What a category, product or order page is about, looked up once per request (React `cache`): the segment's
 * layout asks first and calls notFound() before anything streams, so an unknown address gets HTTP 404 rather than
 * a 200 carrying a not-found body; the page then reads the same answer. `undefined` means the address names
 * nothing: an undecodable escape, an id of the wrong shape (the API's 400) or one that does not exist (404).
 */
export const findCategoryPage = cache(async (slug: string) => {
  const id = categoryIdFromSlug(slug);
  if (id === undefined) return undefined;
  const scope = await shopScope();
  const trail = categoryPath(await getCategoryTree(scope.username, scope.salesOrg), id);
  const category = trail?.at(-1);
  return trail && category ? { scope, id, trail, category } : undefined;
});

const namesNothing = (result: ApiResult<unknown>): boolean => !result.ok && (result.error.status === 404 || result.error.status === 400);

export const findProduct = cache(async (rawCode: string): Promise<ApiResult<Product> | undefined> => {
  const code = decodedRouteParam(rawCode);
  if (code === undefined) return undefined;
  const result = await getProduct(await shopScope(), code);
  return namesNothing(result) ? undefined : result;
});

/** The API's order-code shape: anything else is not an order, and is not sent. */
const ORDER_CODE = /^[A-Za-z0-9-]{1,32}$/;

export const findOrder = cache(async (rawCode: string): Promise<ApiResult<Order> | undefined> => {
  const code = decodedRouteParam(rawCode);
  if (code === undefined || !ORDER_CODE.test(code)) return undefined;
  const result = await getOrder(await shopScope(), code);
  return namesNothing(result) ? undefined : result;
});

/** A standing order's code ("SO-000001"): anything else is not one, and is not sent. */
const STANDING_CODE = /^[A-Za-z0-9-]{1,32}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const findStandingOrder = cache(async (rawCode: string): Promise<ApiResult<StandingOrder> | undefined> => {
  const code = decodedRouteParam(rawCode);
  if (code === undefined || !STANDING_CODE.test(code)) return undefined;
  const result = await getStandingOrder(await shopScope(), code);
  return namesNothing(result) ? undefined : result;
});

/** One delivery of a standing order (the reminder e-mail's link); a date it does not yield names nothing. */
export const findStandingDelivery = cache(async (rawCode: string, rawDate: string): Promise<ApiResult<DeliveryDetail> | undefined> => {
  const code = decodedRouteParam(rawCode);
  if (code === undefined || !STANDING_CODE.test(code) || !ISO_DATE.test(rawDate)) return undefined;
  const result = await getDelivery(await shopScope(), code, rawDate);
  return namesNothing(result) ? undefined : result;
});
