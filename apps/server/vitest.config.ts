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
    projects: [project('sqlite', 'sqlite'), ...(pgUrl ? [project('postgres', 'postgres')] : [])],
  },
});
