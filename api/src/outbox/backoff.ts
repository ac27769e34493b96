export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter" (attempt 1 waits between base/2 and base, each further attempt
 * doubles, up to maxMs),
 * so receivers coming back from an outage are not hit by every sender at the same instant.
 */
export function retryDelayMs(policy: BackoffPolicy, failedAttempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
