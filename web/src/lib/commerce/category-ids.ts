import { decodedRouteParam } from './route-param';

/** Category ids use underscores (DAIR_MILK); their addresses use hyphens (/category/DAIR-MILK/). */
export const categorySlug = (id: string): string => id.replaceAll('_', '-');

/** undefined when the slug cannot be decoded (no category has such an id). */
export const categoryIdFromSlug = (slug: string): string | undefined => decodedRouteParam(slug)?.replaceAll('-', '_').toUpperCase();

export const categoryHref = (id: string): string => `/category/${categorySlug(id)}/`;
