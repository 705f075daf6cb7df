/**
 * Server-side paging (decision 036): the time of the deals table's first page for a member with
 * 10,000 deals (POST /api/dealspage, limit 100, with the count and Total TCV of all of them)
 * against the whole list the table used to fetch (POST /api/getdeals), and the same for the sales
 * table (salespage against getsales, 10,000 sales) and the ledger (commissionledger with and
 * without a limit, 10,000 entries), and the admin's Sales to verify over those sales. In process
 * (Fastify's inject: the routes, the SQL, the mapping and the serialisation, without the network),
 * over the test harness's database: SQLite in memory, or PostgreSQL with TEST_DIALECT=postgres
 * TEST_DATABASE_URL=…. Medians of `--runs`.
 *
 *   npx tsx bench/paging.ts [--rows 10000] [--runs 15]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startTestApp, type TestClient } from '../apps/server/test/harness.ts';
import { seedDeals, seedLedger, seedSales } from '../apps/server/test/paging-seed.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, runs: { type: 'string', default: '15' } } });
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function time(client: TestClient, path: string, body: object): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  // Two warm-up calls, then the runs.
  for (let i = 0; i < RUNS + 2; i++) {
    const start = performance.now();
    const res = await client.post(path, body);
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    bytes = res.rawPayload.length;
    if (i >= 2) times.push(ms);
  }
  return { ms: median(times), bytes };
}

const t = await startTestApp({ logLevel: 'silent' });
try {
  const dialect = process.env.TEST_DIALECT ?? 'sqlite';
  const lines: string[] = [];
  for (const [list, seed, whole, paged] of [
    ['deals', seedDeals, { path: '/api/getdeals', body: {} }, { path: '/api/dealspage', body: { limit: 100 } }],
    ['sales', seedSales, { path: '/api/getsales', body: {} }, { path: '/api/salespage', body: { limit: 100 } }],
    ['ledger', seedLedger, { path: '/api/commissionledger', body: {} }, { path: '/api/commissionledger', body: { limit: 100 } }],
  ] as const) {
    const member = await t.createMember();
    const client = await t.loginAs(member);
    await seed(t, member.id, ROWS, 900);
    const all = await time(client, whole.path, { id: member.id, ...whole.body });
    const first = await time(client, paged.path, { id: member.id, ...paged.body });
    lines.push(
      `${list.padEnd(6)} ${ROWS} rows: whole list ${all.ms.toFixed(1)} ms (${(all.bytes / 1024).toFixed(0)} kB), ` +
        `first page of 100 ${first.ms.toFixed(1)} ms (${(first.bytes / 1024).toFixed(0)} kB): ${(all.ms / first.ms).toFixed(1)}×`,
    );
  }
  // The admin's Sales to verify over the sales seeded above (about 4 in 10 unverified): its filter
  // leaves out the admin's own sales, those they entered and those paying them (decision 018).
  const admin = await t.loginAs(await t.createAdmin());
  const toVerify = await time(admin, '/api/salestoverify', {});
  lines.push(`salestoverify over ${ROWS} sales: ${toVerify.ms.toFixed(1)} ms (${(toVerify.bytes / 1024).toFixed(0)} kB)`);
  console.log(`paging bench, ${dialect}, median of ${RUNS} runs`);
  for (const line of lines) console.log(line);
} finally {
  await t.close();
}
