import type { z } from 'zod';
import type { ApiResult } from '@/lib/errors/app-error';
import { defaultError } from '@/lib/errors/catalogue';

/** An API answer checked against the shape the page relies on; an answer of another shape is a Default error. */
export function parseAnswer<S extends z.ZodType>(result: ApiResult<unknown>, schema: S): ApiResult<z.infer<S>> {
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  if (!parsed.success) return { ok: false, error: defaultError() };
  return { ...result, data: parsed.data };
}
