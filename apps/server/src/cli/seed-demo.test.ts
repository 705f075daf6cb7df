import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabases } from '../../test/fresh-db.ts';
import { connect } from '../db/connect.ts';

/**
 * `npm run seed:demo` as an operator runs it (its own entry point, a process of its own, on an
 * empty database): the summary it prints says what the database holds afterwards, counted here in
 * the database (decision 002: it once said 46 sales of the 76 it made).
 */

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-seed-demo-'));
const databases = emptyDatabases('seed', work);

afterAll(async () => {
  await databases.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

function seed(env: { DATABASE_URL: string; STORAGE_DIR: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/seed-demo.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
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

/** The whole numbers of the summary's line that starts with `start`, in order. */
function numbersOf(stdout: string, start: string): number[] {
  const line = stdout.split('\n').find((l) => l.startsWith(start));
  if (!line) throw new Error(`no line starting "${start}" in:\n${stdout}`);
  return [...line.replace(/demo_[a-z]+\d+(-\d+)?/g, '').matchAll(/(?<![\w-])\d+(?![\w-])/g)].map(([n]) => Number(n));
}

describe(`npm run seed:demo (${dialect})`, () => {
  it("prints a summary whose every count is the database's", async () => {
    const env = { DATABASE_URL: await databases.url(), STORAGE_DIR: path.join(work, 'uploads') };
    const res = await seed(env);
    expect(res.code, res.stderr + res.stdout).toBe(0);

    const db = connect(env.DATABASE_URL);
    try {
      const raw = async (query: string) => Number((await sql.raw<{ n: number | string }>(query).execute(db.db)).rows[0]!.n);

      // Counted by hand in SQL, beside the seed's own counting code.
      const sales = await raw('select count(*) as n from sales');
      const expected = {
        members: await raw("select count(*) as n from members where account_type = 'user'"),
        pending: await raw("select count(*) as n from members where account_type = 'user' and status = 'Pending'"),
        deals: await raw('select count(*) as n from deals'),
        sales,
        verified: await raw("select count(*) as n from sales where verification = 'verified' and cancelled_on is null"),
        rejected: await raw("select count(*) as n from sales where verification = 'rejected'"),
        awaiting: await raw("select count(*) as n from sales where verification = 'unverified' and cancelled_on is null"),
        cancelled: await raw('select count(*) as n from sales where cancelled_on is not null'),
        closedMonths: await raw('select count(*) as n from commission_periods where closed_at is not null'),
        paidStatements: await raw('select count(*) as n from commission_statements where paid_on is not null'),
        licences: await raw('select count(*) as n from licenses'),
        banks: await raw('select count(*) as n from bank_details'),
        certifications: await raw('select count(*) as n from certifications'),
        sections: await raw('select count(*) as n from sections'),
        materials: await raw('select count(*) as n from materials'),
        tickets: await raw('select count(*) as n from tickets'),
        ticketsPending: await raw("select count(*) as n from tickets where status = 'Pending'"),
        erasures: await raw("select count(*) as n from privacy_requests where status = 'open'"),
        accessLog: await raw('select count(*) as n from access_log'),
        statementImports: await raw('select count(*) as n from statement_imports where undone_at is null'),
        statementLines: await raw('select count(*) as n from statement_lines'),
        verifiedFromStatements: await raw('select count(*) as n from statement_verifications where undone_at is null'),
        insurers: await raw('select count(*) as n from insurers'),
        insurerRates: await raw('select count(*) as n from insurer_rates'),
        unknownInsurer: await raw('select count(*) as n from sales where insurer_id is null and insurer is not null'),
        linkedInsurer: await raw('select count(*) as n from sales where insurer_id is not null'),
        withInsurer: await raw('select count(*) as n from sales where insurer is not null'),
      };
      // The sales of the commission history and of the book of business count too (it said 46 of 76).
      expect(expected.sales).toBeGreaterThan(60);
      // University (decision 039): two published courses; four certificates, one of them expired.
      expect(await raw('select count(*) as n from courses where published_version is not null')).toBe(2);
      expect(await raw('select count(*) as n from course_certificates')).toBe(4);
      expect(await raw('select count(*) as n from course_attempts where passed = 0')).toBe(2);
      expect(expected.verified + expected.rejected + expected.awaiting + expected.cancelled).toBe(sales);

      expect(res.stdout).toContain('Demo data, as the database now holds it:\n');
      // The E-Store (decision 040): requests in every state, each with its deal.
      expect(res.stdout).toContain('E-Store: 5 store products, 6 requests from clients');
      const storeStates = await raw('select count(distinct status) as n from store_requests where deal_id is not null');
      expect(storeStates).toBe(5);
      expect(numbersOf(res.stdout, `  ${expected.members} members:`)).toEqual([expected.members, expected.pending]);
      expect(numbersOf(res.stdout, `  ${expected.deals} deals;`)).toEqual([
        expected.deals,
        expected.sales,
        expected.verified,
        expected.rejected,
        expected.awaiting,
        expected.cancelled,
      ]);
      expect(numbersOf(res.stdout, '  Commissions:')).toEqual([expected.closedMonths, 2026, expected.paidStatements, 10]);
      expect(numbersOf(res.stdout, `  ${expected.licences} licences`)).toEqual([
        expected.licences,
        2,
        expected.banks,
        expected.certifications,
      ]);
      expect(numbersOf(res.stdout, `  ${expected.sections} sections`)).toEqual([
        expected.sections,
        expected.materials,
        expected.tickets,
        expected.ticketsPending,
        4,
      ]);
      expect(numbersOf(res.stdout, '  Privacy:')).toEqual([expected.erasures, expected.accessLog]);
      // Issue 45 §7: two insurers' statements for September and October leave lines in every state, a suggestion among them.
      expect(numbersOf(res.stdout, '  Statements:')).toEqual([
        expected.statementImports,
        2026,
        expected.statementLines,
        expected.verifiedFromStatements,
      ]);
      expect(expected.statementImports).toBeGreaterThanOrEqual(4);
      expect(expected.verifiedFromStatements).toBeGreaterThan(0);
      const states = (await sql.raw<{ status: string }>('select distinct status from statement_lines').execute(db.db)).rows.map(
        (r) => r.status,
      );
      expect(states.sort()).toEqual(['chargeback', 'differs', 'duplicate', 'ignored', 'matched', 'unmatched']);
      expect(await raw('select count(*) as n from statement_lines where suggested_sale_id is not null')).toBeGreaterThan(0);
      // Decision 037: every sale's insurer is linked but the one misspelt, left to link.
      expect(numbersOf(res.stdout, '  Insurers:')).toEqual([expected.insurers, expected.insurerRates, expected.unknownInsurer]);
      expect([expected.insurers, expected.unknownInsurer]).toEqual([6, 1]);
      expect(expected.linkedInsurer).toBe(expected.withInsurer - 1);
    } finally {
      await db.close();
    }
  }, 240_000);
});
