/** Category ids use underscores (DAIR_MILK); their addresses use hyphens (/category/DAIR-MILK/). */
export const categorySlug = (id: string): string => id.replaceAll('_', '-');

export const categoryIdFromSlug = (slug: string): string => decodeURIComponent(slug).replaceAll('-', '_').toUpperCase();

export const categoryHref = (id: string): string => `/category/${categorySlug(id)}/`;
