'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { AdminActionState } from '@/components/admin/admin-action-form';
import { adminCall } from '@/lib/admin/admin-client';
import { productActiveSchema } from '@/lib/admin/admin-schemas';
import { requireOperator } from '@/lib/admin/admin-session';
import { SERVICE_ROLES } from '@/lib/admin/admin-session-data';
import { LIMITS } from '@/lib/limits';

const input = z.object({ code: z.string().min(1).max(LIMITS.productCode), active: z.enum(['true', 'false']) });

/** Start or stop selling a product (admins only: the API refuses the service role with a message). */
export async function setProductActive(_state: AdminActionState, formData: FormData): Promise<AdminActionState> {
  await requireOperator(SERVICE_ROLES);
  const parsed = input.safeParse({ code: formData.get('code'), active: formData.get('active') });
  if (!parsed.success) return { error: 'Unknown product' };
  const active = parsed.data.active === 'true';
  const result = await adminCall(productActiveSchema, `/products/${encodeURIComponent(parsed.data.code)}/active`, { method: 'PUT', body: { active } });
  if (!result.ok) return { error: result.error.description };
  revalidatePath('/admin/products/');
  return { message: active ? 'Now sold' : 'No longer sold' };
}
