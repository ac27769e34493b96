import { notFound } from 'next/navigation';
import { getConfig } from '@/lib/config';

/**
 * A page that crashes while rendering, so the e2e suite can see the real error page and its log reach the API.
 * Only with E2E_HOOKS=1 (the suite's storefront); everywhere else it does not exist.
 */
export default function CrashForTests() {
  if (!getConfig().e2eHooks) notFound();
  throw new Error('Deliberate render crash (e2e)');
}
