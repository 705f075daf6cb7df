import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { databaseShown } from '../features/backup/postgres-tools.ts';
import { storageOf, storageShown } from '../platform/storage-of.ts';
import { createBackup, formatBytes } from '../features/backup/service.ts';

/**
 * npm run backup -- [--output FILE]: an online backup of the database (DATABASE_URL) and the stored
 * files (STORAGE_DIR) into one tar archive with a manifest (decision 034). The server may keep running.
 */
const usage = 'Usage: npm run backup -- [--output FILE]   (default data/backups/ahente-YYYYMMDD-HHMMSS.tar)';
let values: { output?: string | undefined; help?: boolean | undefined };
try {
  ({ values } = parseArgs({ options: { output: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
// A path given is read from where the command was typed (npm runs scripts from the project's root).
const output = values.output
  ? path.resolve(process.env.INIT_CWD ?? '.', values.output)
  : path.join('data', 'backups', `ahente-${stamp}.tar`);
const config = loadConfigOrExit();
// PostgreSQL itself, not a transaction-pooling PgBouncer: pg_dump and pg_restore need a session of their own (decision 032's direct URL).
const databaseUrl = config.databaseDirectUrl ?? config.databaseUrl;
const started = Date.now();
console.log(`Backing up ${databaseShown(databaseUrl)} and the files in ${storageShown(config)}`);
try {
  const {
    manifest,
    bytes,
    output: written,
  } = await createBackup({
    databaseUrl,
    storage: storageOf(config),
    output,
    app: { version: process.env.npm_package_version ?? null, commit: gitCommit() },
    log: (line) => console.log(line),
  });
  const files = manifest.entries.length - 1;
  console.log(
    `Backup written: ${written} (${formatBytes(bytes)}, the database and ${files} files, in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (err) {
  // A refusal (BackupError) or a failure of the database, the store or a tool: its message is the story.
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
