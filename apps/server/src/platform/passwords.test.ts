import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * The suites hash at argon2id's least cost (decision 015: CI time); production never does. What a
 * hash costs is written in it: `m=` KiB of memory, `t=` passes.
 */
const OWASP = '$argon2id$v=19$m=19456,t=2,p=1$';
const CHEAP = '$argon2id$v=19$m=64,t=1,p=1$';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('password hashes', () => {
  it("hash at OWASP's cost in production, even with the tests' variable set", async () => {
    for (const nodeEnv of ['production', 'development', '']) {
      vi.stubEnv('NODE_ENV', nodeEnv);
      vi.stubEnv('TEST_CHEAP_PASSWORD_HASHES', '1');
      const stored = await hashPassword('correct-horse-1');
      expect(stored.startsWith(OWASP)).toBe(true);
      expect(await verifyPassword(stored, 'correct-horse-1')).toBe(true);
      expect(await verifyPassword(stored, 'correct-horse-2')).toBe(false);
    }
  });

  it("hash at OWASP's cost in a test run without the variable", async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('TEST_CHEAP_PASSWORD_HASHES', '');
    expect((await hashPassword('correct-horse-1')).startsWith(OWASP)).toBe(true);
  });

  it('hash cheaply only under NODE_ENV=test with the variable, and verify either kind', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('TEST_CHEAP_PASSWORD_HASHES', '1');
    const cheap = await hashPassword('correct-horse-1');
    expect(cheap.startsWith(CHEAP)).toBe(true);
    expect(await verifyPassword(cheap, 'correct-horse-1')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong')).toBe(false);
    vi.stubEnv('TEST_CHEAP_PASSWORD_HASHES', '');
    expect(await verifyPassword(cheap, 'correct-horse-1')).toBe(true);
    expect(await verifyPassword(null, 'correct-horse-1')).toBe(false);
  });
});
