import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServices } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connect } from '../../db/connect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createLocalDiskStorage } from '../../platform/storage.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (decision 034): the commands' own
 * entry points in a process of their own, their messages and exit codes, and no database password
 * in anything they print.
 */

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-backup-cli-'));
const toDrop: string[] = [];
const PASSWORD = 'cli-secret-pw-7Qx';

async function freshDatabaseUrl(): Promise<string> {
  const name = `bkcli_${randomBytes(5).toString('hex')}`;
  if (dialect === 'sqlite') return `sqlite:${path.join(work, `${name}.db`)}`;
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  toDrop.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  // A password in the URL (this server trusts local connections, so any will do): never printed.
  if (!url.password) url.password = PASSWORD;
  return url.toString();
}

function run(script: 'backup' | 'restore', args: string[], env: { DATABASE_URL: string; STORAGE_DIR: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

afterAll(async () => {
  if (dialect === 'postgres' && toDrop.length > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of toDrop) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`the backup and restore commands (${dialect})`, () => {
  it('back up, restore into an empty place, refuse a non-empty one with exit code 1, and print no password', async () => {
    const source = { DATABASE_URL: await freshDatabaseUrl(), STORAGE_DIR: path.join(work, 'source-files') };
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
    const db = connect(source.DATABASE_URL);
    let memberId: number;
    try {
      await migrateToLatest(db);
      const config = { ...loadConfig({ NODE_ENV: 'test' }), storageDir: source.STORAGE_DIR };
      const { accounts } = buildServices({ config, db });
      memberId = await accounts.create({
        username: 'cli_agent',
        password: 'correct-horse-1',
        email: 'cli_agent@example.ph',
        f_name: 'Ana',
        m_name: null,
        l_name: 'Reyes',
        contact_no: '09171234567',
        referror: null,
        status: 'Approved',
      });
      await createLocalDiskStorage(source.STORAGE_DIR).put('photos/cli-agent', photo);
      await db.db.updateTable('members').set({ photo: 'photos/cli-agent', photo_type: 'image/png' }).where('id', '=', memberId).execute();
    } finally {
      await db.close();
    }

    const archive = path.join(work, 'cli.tar');
    const backup = await run('backup', ['--output', archive], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backing up .* and the files in .*source-files\n/);
    expect(backup.stdout).toContain(`Backup written: ${archive} (`);
    expect(backup.stdout).toMatch(/, the database and 1 files, in [\d.]+ s\)\n$/);

    const target = { DATABASE_URL: await freshDatabaseUrl(), STORAGE_DIR: path.join(work, 'target-files') };
    const restore = await run('restore', [archive], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Archive verified: 2 entries, every checksum matches/);
    expect(restore.stdout).toMatch(/Restore complete in [\d.]+ s\. Start the server: it applies any newer migrations\.\n$/);
    const restored = connect(target.DATABASE_URL);
    try {
      const row = await restored.db
        .selectFrom('members')
        .select(['username', 'photo'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ username: 'cli_agent', photo: 'photos/cli-agent' });
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(target.STORAGE_DIR, 'photos/cli-agent')).equals(photo)).toBe(true);

    const again = await run('restore', [archive], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^Restore failed: The target is not empty: the database .* has \d+ tables and the file store has 1 files\. .*--force/,
    );

    const usage = await run('restore', [], target);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run restore -- <archive\.tar> \[--force\]/);

    for (const out of [backup, restore, again, usage]) expect(out.stdout + out.stderr).not.toContain(PASSWORD);
    if (dialect === 'postgres') expect(restore.stdout).toContain(':…@');
  }, 180_000);
});
