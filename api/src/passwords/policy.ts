import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import type { PasswordProblem } from './problems';

/** The password rules of docs/people.md ("Passwords"): length only, no composition rules (NIST SP 800-63B). */
export const PASSWORD_POLICY = {
  minLength: 12,
  maxLength: 256,
  /**
   * zxcvbn's score 0–4 (guesses of 10^3, 10^6, 10^8, 10^10); below 3 the password is on the packaged lists of
   * common and breached passwords, a close variant of one, or a run or repeat such lists are built from.
   */
  minScore: 3,
} as const;

/**
 * The packaged dictionaries: the common-password list of breach corpora, English words and names. Offline.
 * The estimate is CPU work on the request's thread and grows fast with length and with l33t-looking characters,
 * so it reads the first 64 characters (a common password is far shorter; a long repeat is still caught by its
 * start) and tries at most 4 l33t substitutions: a few milliseconds instead of seconds for a hostile input.
 */
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  maxLength: 64,
  l33tMaxSubstitutions: 4,
});

/** Characters as people count them: a code point is one, whatever UTF-16 makes of it. */
const lengthOf = (password: string) => [...password].length;

/**
 * Whether `password` may be someone's new password, given what is known about its holder (their address and
 * name count as guessable words). Undefined when it may; the first rule it breaks otherwise.
 */
export function refusePassword(password: string, holder: { email: string; name?: string }): PasswordProblem | undefined {
  const length = lengthOf(password);
  if (length < PASSWORD_POLICY.minLength) return { kind: 'passwordTooShort', minLength: PASSWORD_POLICY.minLength };
  if (length > PASSWORD_POLICY.maxLength) return { kind: 'passwordTooLong', maxLength: PASSWORD_POLICY.maxLength };
  const email = holder.email.trim().toLowerCase();
  if (password.trim().toLowerCase() === email) return { kind: 'passwordIsEmail' };
  const local = email.split('@')[0] ?? '';
  const names = (holder.name ?? '').toLowerCase().trim().split(/\s+/);
  // Whole (either way round) as well as in parts: zxcvbn rates a repeat by its parts' words, and
  // "ProbeUserProbeUser" passed when only "probe" and "user" were known, not "probeuser".
  const words = [email, local, ...local.split(/[._+-]+/), names.join(''), [...names].reverse().join(''), ...names].filter((word) => word.length > 2);
  if (estimator.check(password, words).score < PASSWORD_POLICY.minScore) return { kind: 'passwordTooCommon' };
  return undefined;
}
