import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, parallelism 1. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id; the package's enum is a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** Checks a password against a stored hash. Passed in (app deps) so tests can count the argon2 checks made. */
export type PasswordCheck = (passwordHash: string, password: string) => Promise<boolean>;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The hash of a random string nobody kept, with the same parameters as real hashes (verification reads
 * them from the string). Fixed rather than computed, so the first unknown username costs no extra hash.
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$yawuIC4igo6JHZZc/wURag$0NIxqIZi9J6B56lh7BDyFHlBHEQWbSr97AoMQZMEt7k';

/** Spends the same time as a real check, so an unknown username cannot be told from a wrong password. */
export async function verifyAgainstDummy(check: PasswordCheck, password: string): Promise<false> {
  await check(DUMMY_HASH, password);
  return false;
}
