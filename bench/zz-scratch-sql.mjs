import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
const q = process.argv[3];
for (const r of db.prepare('explain query plan ' + q).all()) console.log(r.id, r.parent, r.detail);
const t0 = performance.now(); const rows = db.prepare(q).all(); console.log(((performance.now()-t0)).toFixed(1), 'ms', JSON.stringify(rows).slice(0, 300));
