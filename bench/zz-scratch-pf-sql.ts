import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { portfolioRepository as repo } from '../apps/server/src/features/portfolio/repository.ts';
const raw = new SQLite(process.argv[2]!, { readonly: true });
const seen: { sql: string; parameters: readonly unknown[] }[] = [];
const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(process.argv[2]!, { readonly: true }) }), log: (e) => { if (e.level === 'query') seen.push(e.query); } });
const [kind, member, part] = [process.argv[3] as 'team' | 'own', Number(process.argv[4]), process.argv[5] as any];
const f = { scope: { kind, memberId: member }, today: '2026-11-25', q: process.argv[6] ?? null, dueWithin: null };
if (part === 'counts') await repo.countParts(k as any, f as any); else await repo.listPart(k as any, f as any, part, 0, 25);
const q = seen[0]!;
const params = q.parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p));
for (const r of raw.prepare('explain query plan ' + q.sql).all(...params) as any[]) console.log(r.id, r.parent, r.detail);
for (let i = 0; i < 3; i++) { const t0 = performance.now(); const rows = raw.prepare(q.sql).all(...params); console.log((performance.now() - t0).toFixed(1), 'ms', JSON.stringify(rows).slice(0, 150)); }
await k.destroy();
