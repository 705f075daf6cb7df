import { defineConfig } from 'vitest/config';

const pgUrl = process.env.TEST_DATABASE_URL;

const project = (name: string, dialect: string) => ({
  extends: true as const,
  test: { name, env: { TEST_DIALECT: dialect } },
});

export default defineConfig({
  resolve: { alias: { '@ahente/contract': new URL('../../packages/contract/src', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One fork on CI's two cores (Vitest's default, availableParallelism() - 1). Two forks took the
    // suite from 261 to 204 s, but in one of two full runs a harness schema vanished before its
    // migration ('schema t_… does not exist'), cause not found: see decision 015 before raising it.
    projects: [project('sqlite', 'sqlite'), ...(pgUrl ? [project('postgres', 'postgres')] : [])],
  },
});
