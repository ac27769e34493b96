'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { errorText } from '@/lib/commerce/error-text';
import { clearParLevel, setParLevel } from '@/lib/commerce/order-guide';
import { shopScope } from '@/lib/commerce/scope';
import { LIMITS } from '@/lib/limits';

export type ParAnswer = { ok: true } | { ok: false; message: string };

const parSchema = z.object({
  productCode: z.string().trim().min(1).max(LIMITS.productCode),
  parLevel: z
    .string()
    .trim()
    .regex(/^\d{0,4}$/, 'Enter a whole number from 1 to 9999, or leave it empty to clear it')
    .refine((value) => value !== '0', 'Enter a whole number from 1 to 9999, or leave it empty to clear it'),
});

/** Sets a product's par level for the kitchen (the active account); empty clears it. */
export async function saveParLevelAction(productCode: string, parLevel: string): Promise<ParAnswer> {
  const input = parSchema.safeParse({ productCode, parLevel });
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? 'Check the par level' };
  const scope = await shopScope();
  const result =
    input.data.parLevel === '' ? await clearParLevel(scope, input.data.productCode) : await setParLevel(scope, input.data.productCode, Number(input.data.parLevel));
  if (!result.ok) return { ok: false, message: errorText(result.error) };
  refresh();
  return { ok: true };
}
