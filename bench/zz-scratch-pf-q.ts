import { connect } from '../apps/server/src/db/connect.ts';
import { portfolioRepository as repo, PARTS } from '../apps/server/src/features/portfolio/repository.ts';
import { todayInManila } from '@ahente/contract/dates';
const db = connect(process.argv[2]!);
const today = todayInManila();
const f = { scope: { kind: process.argv[3] === 'own' ? 'own' : 'team', memberId: Number(process.argv[4] ?? 1) } as const, today, q: null, dueWithin: null };
async function t<T>(label: string, fn: () => Promise<T>) {
  const t0 = performance.now();
  let r!: T;
  for (let i = 0; i < 3; i++) r = await fn();
  console.log(label, ((performance.now() - t0) / 3).toFixed(1), 'ms', JSON.stringify(r).slice(0, 200));
  return r;
}
const counts = await t('counts', () => repo.countParts(db.db, f));
for (const p of PARTS) await t(`part ${p}`, () => repo.listPart(db.db, f, p, 0, 25).then((r) => r.length));
await db.close();
