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
    // Two forks, not Vitest's default of availableParallelism() - 1, which is one on CI's two cores:
    // every test file has its own SQLite file or PostgreSQL schema (test/harness.ts), and a file
    // waiting on PostgreSQL leaves the core to the other (decision 015, issue 27).
    maxWorkers: 2,
    projects: [project('sqlite', 'sqlite'), ...(pgUrl ? [project('postgres', 'postgres')] : [])],
  },
});
