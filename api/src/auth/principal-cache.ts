import type { Principal } from './tokens';

/** A resolved access token: who it speaks for, the sign-in it belongs to, and until when it is valid. */
export interface ResolvedToken {
  principal: Principal;
  family: string;
  expiresAt: number;
}

interface Entry extends ResolvedToken {
  cachedUntil: number;
}

/**
 * Access tokens resolved in the last few seconds, keyed by their hash: a shopper's burst of requests costs
 * one token lookup instead of one each. An entry never outlives its token. Revoking through this process
 * forgets the sign-in at once; a revocation through another API process, or a user disabled in the
 * database, takes effect here within `ttlMs` (TOKEN_CACHE_SECONDS; 0 turns the cache off).
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil > now && entry.expiresAt > now) return entry.principal;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, resolved: ResolvedToken, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { ...resolved, cachedUntil: now + this.ttlMs });
  }

  forgetFamily(family: string): void {
    for (const [hash, entry] of this.entries) if (entry.family === family) this.entries.delete(hash);
  }

  /** An operator's session acting for a customer ended (auth/assisted-sessions.ts): its tokens stop here at once. */
  forgetAssistedSession(sessionId: number): void {
    for (const [hash, entry] of this.entries) {
      if (entry.principal.kind === 'user' && entry.principal.assisted?.sessionId === sessionId) this.entries.delete(hash);
    }
  }

  forgetUser(userId: number): void {
    for (const [hash, entry] of this.entries) {
      if (entry.principal.kind === 'user' && entry.principal.user.id === userId) this.entries.delete(hash);
    }
  }
}
