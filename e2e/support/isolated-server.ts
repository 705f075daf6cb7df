import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { routes } from '@ahente/contract/routes';
import { ADMIN, AGENCY, SERVER_NODE_OPTIONS } from './env.ts';
import { createE2eDatabase, dropE2eDatabase } from './postgres.ts';

/**
 * A server of the test's own, on a fresh database (decision 019). A month closes once per database,
 * and only once it has begun: the shared servers' current month is closed by commissions.spec.ts,
 * after which every new entry falls in next month, which no test can close. A test that needs its
 * own close (a posted sale to cancel, a quarter with tax withheld) runs against a server of its
 * own: the built app started as playwright.config.ts starts the shared ones (the agency's TIN,
 * address and RDO configured alike), on SQLite in a temp directory, or for a '-postgres' project
 * on a new database beside the run's (dropped after).
 */

const MAIN = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'main.js');
const START_TIMEOUT_MS = 60_000;

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface IsolatedServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server on a fresh database and waits for /api/health; `env` adds to or
 * replaces its environment (e-mail: SMTP_URL, MAIL_FROM, PORTAL_URL).
 */
export async function startIsolatedServer(testInfo: TestInfo, options: { env?: Record<string, string> } = {}): Promise<IsolatedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-e2e-own-'));
  const pgServer = process.env.TEST_DATABASE_URL ?? process.env.E2E_PG_URL;
  let database: { url: string; name: string } | null = null;
  let databaseUrl = `sqlite:${path.join(dir, 'ahente.db')}`;
  if (testInfo.project.name.endsWith('-postgres')) {
    if (!pgServer) throw new Error('A -postgres project needs TEST_DATABASE_URL');
    const name = `ahente_e2e_own_${Date.now()}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    databaseUrl = createE2eDatabase(pgServer, name);
    database = { url: pgServer, name };
  }
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      // Passwords hashed at argon2id's least cost: honoured with NODE_ENV=test only (platform/passwords.ts; decision 015).
      TEST_CHEAP_PASSWORD_HASHES: '1',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'false',
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: path.join(dir, 'uploads'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_PER_IP: '100000',
      SIGNUP_MAX_PER_HOUR: '100000',
      ADMIN_2FA: 'optional',
      AGENCY_NAME: AGENCY.name,
      AGENCY_TIN: AGENCY.tin,
      AGENCY_ADDRESS: AGENCY.address,
      AGENCY_RDO: AGENCY.rdo,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (database) dropE2eDatabase(database.url, database.name);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanUp();
      throw new Error(`The test's own server exited (${child.exitCode}): ${stderr}`);
    }
    try {
      const res = await fetch(`${baseURL}${routes.health.path}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await cleanUp();
      throw new Error(`The test's own server did not start in ${START_TIMEOUT_MS} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseURL, stop: cleanUp };
}
