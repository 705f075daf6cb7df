import { dropE2eDatabase } from './support/postgres.ts';

/** Drops the PostgreSQL database the config made for this run, if any. */
export default function globalTeardown() {
  const testUrl = process.env.TEST_DATABASE_URL;
  const name = process.env.E2E_PG_DATABASE;
  if (testUrl && name) dropE2eDatabase(testUrl, name);
}
