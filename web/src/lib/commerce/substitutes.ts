import 'server-only';
import { z } from 'zod';
import { apiRequest } from '@/lib/api/client';
import type { ApiResult } from '@/lib/errors/app-error';

const PATH = '/users/current/substitutes';

/** A site's default for "Allow a substitute" on new cart lines (docs/substitutions.md), and whether the user may change it. */
const siteSubstitutesSchema = z.object({
  shipTo: z.object({ code: z.string(), name: z.string() }),
  allowSubstitutes: z.boolean(),
  canEdit: z.boolean(),
});
type SiteSubstitutes = z.infer<typeof siteSubstitutesSchema>;

export const readSiteSubstitutes = (shipTo: string): Promise<ApiResult<SiteSubstitutes>> => apiRequest(siteSubstitutesSchema, PATH, { query: { shipTo } });

/** Only the site's company admins may change it (the API answers 403 to anyone else). */
export const saveSiteSubstitutes = (shipTo: string, allowSubstitutes: boolean): Promise<ApiResult<SiteSubstitutes>> =>
  apiRequest(siteSubstitutesSchema, PATH, { method: 'PUT', query: { shipTo }, body: { allowSubstitutes } });
