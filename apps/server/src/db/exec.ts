import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * What a repository function runs its queries on: the database, or a transaction a service opened
 * so that several calls commit together. Declared once here; lint forbids another `type Exec`.
 */
export type Exec = Kysely<Database> | Transaction<Database>;
