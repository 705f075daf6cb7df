import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { databaseShown } from '../features/backup/postgres-tools.ts';
import { storageOf, storageShown } from '../platform/storage-of.ts';
import { restoreBackup } from '../features/backup/service.ts';

/**
 * npm run restore -- ARCHIVE [--force]: verifies every checksum of a backup archive, then restores
 * it into the database of DATABASE_URL and the store of STORAGE_DIR, which must be empty; --force
 * deletes everything in them first (decision 034). Stop the server before restoring.
 */
const usage =
  'Usage: npm run restore -- <archive.tar> [--force]   (--force deletes everything in the target database and file store first)';
let parsed: { values: { force?: boolean | undefined; help?: boolean | undefined }; positionals: string[] };
try {
  parsed = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
if (parsed.positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfigOrExit();
// PostgreSQL itself, not a transaction-pooling PgBouncer: pg_dump and pg_restore need a session of their own (decision 032's direct URL).
const databaseUrl = config.databaseDirectUrl ?? config.databaseUrl;
const started = Date.now();
console.log(`Restoring into ${databaseShown(databaseUrl)} and the files in ${storageShown(config)}`);
try {
  await restoreBackup({
    // Read from where the command was typed (npm runs scripts from the project's root).
    archive: path.resolve(process.env.INIT_CWD ?? '.', parsed.positionals[0]!),
    databaseUrl,
    storage: storageOf(config),
    force: parsed.values.force ?? false,
    log: (line) => console.log(line),
  });
  console.log(`Restore complete in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server: it applies any newer migrations.`);
} catch (err) {
  // A refusal (BackupError) or a failure of the database, the store or a tool: its message is the story.
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
