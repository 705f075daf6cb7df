/**
 * The members bench of decision 011: 100,000 members in a sponsor tree 30 levels deep, on SQLite
 * and on PostgreSQL. Times, through the real services (no HTTP): one deep member's hierarchy
 * (gethiearchy), the admin search's first page without and with a query (adminmembersearch), and
 * for comparison the admin's full list (adminmemberrecords) and the root's team size (teamsize).
 *
 *   npm run bench -- --hierarchy             (or: npx tsx bench/hierarchy.ts [--runs 21] [--members 100000])
 *
 * SQLite: a temporary file, deleted after. PostgreSQL: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), in a fresh schema dropped after; skipped when the
 * server does not answer. Figures, never a timed test.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import type { Position } from '@ahente/contract/enums';
import { buildServices } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, type Db, type DialectName } from '../apps/server/src/db/connect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { searchNameOf } from '../apps/server/src/features/members/repository.ts';

export const DEPTH = 30;
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FIRST = ['Maria', 'Jose', 'Ana', 'Juan', 'Liza', 'Paolo', 'Carmela', 'Ramon', 'Grace', 'Miguel'];
const MIDDLE = ['Santos', 'Reyes', null, 'Cruz', null, 'Garcia'];
const LAST = ['Bautista', 'Mendoza', 'Dela Cruz', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Navarro', 'Torres', 'Flores'];

let seed = 20261122;
// glibc's LCG in exact 32-bit arithmetic: `seed * 1103515245` in doubles lost its low bits past
// 2^53 and the sequence fell into a cycle of 10,466 values (found by bench/data.ts, decision 035).
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export interface Tree {
  /** Member i+1's sponsor (ids are 1..n), and its level (0 = the root). */
  parent: (number | null)[];
  level: number[];
  deepest: number;
}

/**
 * Level 0 is one agency owner; levels 1..29 share the rest evenly, each member sponsored by a
 * random member of the level above. Level 1 are agency managers, level 2 managers, and 2 % of
 * everyone below is a manager too, so the walks find leaders at various heights.
 */
export function makeTree(n: number): Tree {
  const parent: (number | null)[] = [null];
  const level = [0];
  const perLevel = Math.ceil((n - 1) / (DEPTH - 1));
  let prevStart = 1;
  let prevEnd = 1;
  for (let l = 1; l < DEPTH && parent.length < n; l++) {
    const start = parent.length + 1;
    for (let k = 0; k < perLevel && parent.length < n; k++) {
      parent.push(prevStart + Math.floor(rand() * (prevEnd - prevStart + 1)));
      level.push(l);
    }
    prevStart = start;
    prevEnd = parent.length;
  }
  return { parent, level, deepest: parent.length };
}

/** Inserts the tree's members (the same on every run and database); returns member i+1's position. */
export async function fill(db: Db, tree: Tree): Promise<Position[]> {
  seed = 7; // the same names, positions and statuses on both databases
  const now = new Date().toISOString();
  const rows = tree.parent.map((referror, i) => {
    const id = i + 1;
    const l = tree.level[i]!;
    const f_name = pick(FIRST);
    const m_name = pick(MIDDLE);
    const l_name = pick(LAST);
    return {
      id,
      username: `bench${id}`,
      password_hash: 'not-a-hash',
      email: `bench${id}@example.ph`,
      f_name,
      m_name,
      l_name,
      contact_no: '09171234567',
      address: null,
      referral_code: `B${id.toString(36).toUpperCase().padStart(7, '0')}`,
      account_type: id === 1 ? ('admin' as const) : ('user' as const),
      position:
        l === 0
          ? ('AgencyOwner' as const)
          : l === 1
            ? ('AgencyManager' as const)
            : l === 2 || rand() < 0.02
              ? ('Manager' as const)
              : ('Agent' as const),
      reg_date: now,
      status: rand() < 0.9 ? ('Approved' as const) : ('Pending' as const),
      referror,
      photo: null,
      gender: null,
      birthdate: null,
      address_number: null,
      address_street: null,
      address_region: null,
      address_city: null,
      address_barangay: null,
      valid_id: null,
      updated_at: now,
      deactivated_at: null,
      search_name: searchNameOf({ f_name, m_name, l_name }),
      language: 'en' as const,
    };
  });
  const batch = 1_000; // 28 columns × 1,000 rows: under both databases' limit on bound parameters
  await db.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch)
      await trx
        .insertInto('members')
        .values(rows.slice(i, i + batch))
        .execute();
  });
  await sql`analyze`.execute(db.db);
  return rows.map((r) => r.position);
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function time(runs: number, f: () => Promise<unknown>): Promise<{ median: number; min: number; max: number }> {
  await f(); // warm-up: prepared statements, caches
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    xs.push(performance.now() - t0);
  }
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

async function benchOne(label: string, db: Db, tree: Tree, runs: number) {
  const t0 = performance.now();
  await migrateToLatest(db);
  await fill(db, tree);
  console.log(
    `\n${label}: ${tree.parent.length.toLocaleString('en')} members, ${DEPTH} levels, filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-bench-files-'));
  const services = buildServices({ config: { ...loadConfig({ NODE_ENV: 'test' }), webDist: null, storageDir }, db });
  const m = services.team;

  const h = await m.hierarchy(tree.deepest);
  const found = await m.search({ id: 1, q: 'maria santos', page: 1, pageSize: 25, noCertification: false });
  const figures: [string, { median: number; min: number; max: number }, string][] = [
    [
      `gethiearchy, member #${tree.deepest} (level ${tree.level[tree.deepest - 1]! + 1})`,
      await time(runs, () => m.hierarchy(tree.deepest)),
      `manager #${h.manager}, owner #${h.agency_owner}`,
    ],
    [
      'adminmembersearch page 1 of 25, no query',
      await time(runs, () => m.search({ id: 1, q: '', page: 1, pageSize: 25, noCertification: false })),
      '',
    ],
    [
      "adminmembersearch page 1 of 25, q 'maria santos'",
      await time(runs, () => m.search({ id: 1, q: 'maria santos', page: 1, pageSize: 25, noCertification: false })),
      `${found.total.toLocaleString('en')} found`,
    ],
    [
      "adminmembersearch page 1 of 100, q 'a'",
      await time(runs, () => m.search({ id: 1, q: 'a', page: 1, pageSize: 100, noCertification: false })),
      '',
    ],
    ['adminmemberrecords (all, for comparison)', await time(Math.min(runs, 3), () => m.listAll()), ''],
    ['teamsize of the root (whole tree)', await time(Math.min(runs, 5), () => m.teamSize(1)), JSON.stringify(await m.teamSize(1))],
  ];
  fs.rmSync(storageDir, { recursive: true, force: true });
  for (const [name, f, note] of figures) {
    console.log(
      `  ${name.padEnd(52)} median ${f.median.toFixed(1).padStart(8)} ms  (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)})  ${note}`,
    );
  }
}

/** A database the bench runs on: SQLite in a temporary file, or PostgreSQL in a fresh schema. */
export interface BenchDatabase {
  label: string;
  db: Db;
  /** How another process reaches it: `sqlite:<file>` or the PostgreSQL URL with `schema`. */
  url: string;
  schema?: string;
}

/**
 * Runs `run` on SQLite (a temporary file, deleted after), then on PostgreSQL (PG_URL, a fresh
 * schema dropped after; skipped with a note when the server does not answer). `only` picks one.
 */
export async function onEachDatabase(name: string, run: (d: BenchDatabase) => Promise<void>, only?: DialectName) {
  if (only !== 'postgres') {
    const file = path.join(os.tmpdir(), `ahente-bench-${name}-${randomBytes(4).toString('hex')}.db`);
    const url = `sqlite:${file}`;
    const lite = connect(url);
    try {
      await run({ label: 'SQLite', db: lite, url });
    } finally {
      await lite.close();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    }
  }
  if (only === 'sqlite') return;

  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`\nPostgreSQL: skipped, ${PG_URL} does not answer (${(err as Error).message})`);
    return;
  }
  await admin.query(`create schema ${schema}`);
  const pgDb = connect(PG_URL, { schema });
  try {
    const label = `PostgreSQL (${(await admin.query('show server_version')).rows[0].server_version})`;
    await run({ label, db: pgDb, url: PG_URL, schema });
  } finally {
    await pgDb.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

export async function runHierarchyBench({ runs = 21, members = 100_000 }: { runs?: number; members?: number } = {}) {
  const tree = makeTree(members);
  console.log(`Members bench (decision 011): median of ${runs} runs after one warm-up, node ${process.version}, ${os.cpus().length} cores`);
  await onEachDatabase('hierarchy', ({ label, db }) => benchOne(label, db, tree, runs));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, members: { type: 'string' } } });
  await runHierarchyBench({
    ...(values.runs ? { runs: Number(values.runs) } : {}),
    ...(values.members ? { members: Number(values.members) } : {}),
  });
}
