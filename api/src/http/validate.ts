import type { z } from 'zod';
import { badRequest } from './errors';
import { inputFlaw, MAX_INPUT_DEPTH } from './nul-bytes';

/**
 * Parses request input with a zod schema; the first problem becomes a 400 that names the field. A NUL byte
 * anywhere in the input is refused here, for every route, before the schema sees it, unless the schema
 * itself removes control characters (error reports, where losing the report would be worse). Input nested
 * deeper than any request of this API is refused here too, before anything walks it.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'query' | 'body' | 'params',
  options: { schemaStripsNulBytes?: boolean } = {},
): z.infer<S> {
  const flaw = inputFlaw(value, options.schemaStripsNulBytes ? 'allowed' : 'refused');
  if (flaw?.kind === 'tooDeep') throw badRequest(where, `Invalid ${where}: nested more than ${MAX_INPUT_DEPTH} levels deep`);
  if (flaw) {
    const field = flaw.path || where;
    throw badRequest(field, `Invalid ${where} field '${field}': must not contain a NUL character`);
  }
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  throw badRequest(field, `Invalid ${where} field '${field}': ${issue?.message ?? 'invalid value'}`);
}
