import { test } from './fixtures.ts';
import { startIsolatedServer, type IsolatedServer } from './isolated-server.ts';

/**
 * A test on a server of its own where administrators must use two-factor sign-in
 * (ADMIN_2FA=required, the default outside the test harness; decision 027).
 */
export const adminMustEnrol = test.extend<{ server: IsolatedServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use, testInfo) => {
    const server = await startIsolatedServer(testInfo, { env: { ADMIN_2FA: 'required' } });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});
