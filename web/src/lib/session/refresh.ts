import 'server-only';
import type { TokenSet } from './session-data';
import { refreshGrant, type TokenOutcome } from './token-endpoint';

/**
 * One refresh per refresh token, shared by every concurrent caller in this process (docs/storefront-requirements.md §4). The result is also
 * remembered until the new access token expires: a server component cannot write cookies, so the proxy swaps
 * the remembered tokens into the cookie on the next request instead of presenting the rotated token again.
 */
type RefreshResult = { ok: true; tokens: TokenSet } | { ok: false; outage: boolean };

/** The authorization server did not answer or answered with its own failure: the session may still be good. */
const isOutage = (outcome: TokenOutcome & { ok: false }) => outcome.kind === 'unreachable' || outcome.status >= 500 || outcome.status === 429;

const inFlight = new Map<string, Promise<RefreshResult>>();
const recent = new Map<string, TokenSet>();

function forget(nowSeconds: number): void {
  for (const [key, tokens] of recent) {
    if (tokens.expiresAt <= nowSeconds) recent.delete(key);
  }
}

export function rememberedRefresh(refreshToken: string): TokenSet | undefined {
  const tokens = recent.get(refreshToken);
  return tokens && tokens.expiresAt > Date.now() / 1000 ? tokens : undefined;
}

export function refreshTokens(refreshToken: string): Promise<RefreshResult> {
  const remembered = rememberedRefresh(refreshToken);
  if (remembered) return Promise.resolve({ ok: true, tokens: remembered });
  const pending = inFlight.get(refreshToken);
  if (pending) return pending;
  const started = refreshGrant(refreshToken).then((outcome): RefreshResult => {
    if (!outcome.ok) return { ok: false, outage: isOutage(outcome) };
    forget(Date.now() / 1000);
    recent.set(refreshToken, outcome.tokens);
    return { ok: true, tokens: outcome.tokens };
  });
  inFlight.set(refreshToken, started);
  void started.finally(() => inFlight.delete(refreshToken));
  return started;
}
