'use server';

import { redirect } from 'next/navigation';
import { clearAdminSession, readAdminSession } from '@/lib/admin/admin-session';
import { revokeOperator } from '@/lib/admin/operator-auth';

/** Sign-out: a plain form post (the proxy checks its Origin), so no link or image can end a session. */
export async function signOutOperator(): Promise<void> {
  const session = await readAdminSession();
  if (session) await revokeOperator(session.token);
  await clearAdminSession();
  redirect('/admin/login/?signedOut=1');
}
