import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses request input with a zod schema; the first problem becomes a 400 that names the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'query' | 'body' | 'params'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  throw badRequest(field, `Invalid ${where} field '${field}': ${issue?.message ?? 'invalid value'}`);
}
