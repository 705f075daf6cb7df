import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { healthRepository } from './repository.ts';

export function createHealthService(db: Kysely<Database>) {
  return {
    /** True when the database answers a trivial query. */
    async databaseAnswers(): Promise<boolean> {
      try {
        await healthRepository.ping(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
