import { execFile } from 'node:child_process';
import { BackupError } from './errors.ts';

/**
 * pg_dump and pg_restore, run with arguments and no shell (decision 034). The password never
 * reaches a command line (which `ps` shows to every user): it goes in PGPASSWORD, and the URL
 * given to the tool has none. Nothing here prints a URL with its password.
 */

/** A connection URL as a message may show it: the user kept, the password replaced. */
export function shownUrl(url: string): string {
  return url.replace(/\/\/([^/@]*)@/, (_all, userinfo: string) => `//${userinfo.split(':')[0]}${userinfo.includes(':') ? ':…' : ''}@`);
}

/** A DATABASE_URL as a message may show it. */
export function databaseShown(url: string): string {
  return url.startsWith('sqlite:') ? url : shownUrl(url);
}

/** The URL without its password, and the password for PGPASSWORD. */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackupError(`DATABASE_URL is not a valid URL (${shownUrl(url)})`);
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: parsed.toString(), env };
}

interface Run {
  stdout: string;
  stderr: string;
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve({ stdout, stderr });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(
          new BackupError(
            `${tool} was not found: install the PostgreSQL client tools of the server's version (Debian: postgresql-client-15)`,
          ),
        );
      }
      const detail = stderr.trim().split('\n').slice(-5).join('\n') || err.message;
      reject(new BackupError(`${tool} failed: ${detail}`));
    });
  });
}

/** The major version of a tool (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15), and its line. */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<{ major: number; text: string }> {
  const { stdout } = await run(tool, ['--version'], process.env);
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(stdout);
  if (!match) throw new BackupError(`Could not read the version of ${tool} from "${stdout.trim()}"`);
  return { major: Number(match[1]), text: stdout.trim() };
}

/** pg_dump can read a server of its own major version or older, never a newer one. */
export async function checkToolFits(tool: 'pg_dump' | 'pg_restore', serverVersionNum: number): Promise<string> {
  const { major, text } = await toolVersion(tool);
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  if (major < serverMajor) {
    throw new BackupError(
      `${tool} is version ${major} but the server is PostgreSQL ${serverMajor}: install postgresql-client-${serverMajor}`,
    );
  }
  return text;
}

/**
 * A custom-format dump (-Fc) of the whole database as of `snapshot` (an exported snapshot the
 * caller's transaction holds open), into `file`.
 */
export async function pgDump(databaseUrl: string, file: string, snapshot: string): Promise<void> {
  const { url, env } = splitPassword(databaseUrl);
  await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${file}`, `--dbname=${url}`], env);
}

/**
 * Restores a custom-format dump into the database, in one transaction (all or nothing), stopping
 * at the first error. Owners and grants are the target's, not the source's: the restoring user
 * owns what it creates.
 */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = splitPassword(databaseUrl);
  await run(
    'pg_restore',
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', '--no-password', `--dbname=${url}`, file],
    env,
  );
}
