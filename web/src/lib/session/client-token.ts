import 'server-only';
import { clientCredentialsGrant } from './token-endpoint';

/** Anonymous pages use the storefront's client-credentials token, shared by the whole process (docs/storefront-requirements.md §6). */
let cached: { token: string; expiresAt: number; lifetime: number } | undefined;
let pending: Promise<string | undefined> | undefined;

export function invalidateClientToken(): void {
  cached = undefined;
}

export async function clientToken(): Promise<string | undefined> {
  const now = Date.now() / 1000;
  if (cached && cached.expiresAt - Math.min(30, cached.lifetime / 10) > now) return cached.token;
  pending ??= clientCredentialsGrant()
    .then((outcome) => {
      if (!outcome.ok) return undefined;
      cached = { token: outcome.tokens.accessToken, expiresAt: outcome.tokens.expiresAt, lifetime: outcome.tokens.lifetime };
      return cached.token;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}
