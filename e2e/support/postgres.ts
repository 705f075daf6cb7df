import { execFileSync } from 'node:child_process';

/**
 * A fresh PostgreSQL database for one e2e run, made beside TEST_DATABASE_URL's (same server,
 * same user). Playwright's config is synchronous, so the statement runs in a child node process.
 */
function run(adminUrl: string, statement: string) {
  const script =
    `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});` +
    `c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})`;
  execFileSync(process.execPath, ['-e', script, adminUrl, statement], { stdio: 'inherit' });
}

export function createE2eDatabase(testUrl: string, name: string): string {
  const url = new URL(testUrl);
  run(testUrl, `CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropE2eDatabase(testUrl: string, name: string) {
  run(testUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
