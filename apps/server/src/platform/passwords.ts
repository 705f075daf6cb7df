import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The test suites' cost (decision 015, CI time): argon2id at its least (64 KiB, one pass), taken
 * only when NODE_ENV is `test` AND TEST_CHEAP_PASSWORD_HASHES is `1`, which only the API suite's
 * Vitest config and the browser tests' servers set. A production server (NODE_ENV unset or
 * `production`) always hashes at OWASP's cost, whatever else is set; the crash and scale tests run
 * the server at that cost too. A hash records its own parameters, so `verify` checks either kind.
 */
const TEST_OPTIONS = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

/** The cost of a new hash: OWASP's, or the tests' (read at each call, so a test can check both). */
export function hashOptions() {
  return process.env.NODE_ENV === 'test' && process.env.TEST_CHEAP_PASSWORD_HASHES === '1' ? TEST_OPTIONS : OPTIONS;
}

export const hashPassword = (password: string) => hash(password, hashOptions());

/** Verifying against this when the user is unknown keeps both paths equally slow. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
