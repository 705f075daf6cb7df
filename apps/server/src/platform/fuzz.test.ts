import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '@ahente/contract/routes';
import { NOT_FUZZED } from '../../test/fuzz/cases.ts';
import { formatReport, fuzzDatabase } from '../../test/fuzz/runner.ts';

/**
 * Generated bad input, from the contract (issue 26 §1, decision 031): every route of the table is
 * sent valid requests built from its zod schemas and then broken ones (wrong types, missing and
 * extra fields, hostile strings and numbers, impossible dates, deep nesting, malformed JSON, wrong
 * content types, hostile forms and files, `__proto__` keys), as an admin and as the member it
 * names. Each answer is a 4xx JSON error or a 2xx its schema accepts, within 5 s; a refused write
 * changes no row and leaves no file. The long run is `npm run fuzz -- --runs 10000`.
 *
 * FUZZ_SEED reproduces a run (the seed is printed); FUZZ_RUNS sets its size.
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const runs = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 3 * ROUTE_LIST.length;

describe('fuzzing every route from the contract', () => {
  it(`answers every generated request with a 4xx JSON error or a valid 2xx, in time, and a refused write changes nothing (seed ${seed})`, async () => {
    const report = await fuzzDatabase({
      runs,
      seed,
      // The refused-write check sees one changed value of one row.
      before: async (world) => {
        const before = await world.snapshot();
        await world.t.db.db.updateTable('deals').set({ customer_name: 'Changed behind the API' }).where('id', '=', 1).execute();
        const after = await world.snapshot();
        expect([...after].filter(([table, hash]) => before.get(table) !== hash).map(([table]) => table)).toEqual(['deals']);
      },
    });
    const text = formatReport(report);
    if (report.violations.length) console.log(text);
    console.log(
      `fuzz ${report.dialect}: ${report.cases} cases, seed ${seed} (FUZZ_SEED=${seed} reproduces), ${report.violations.length} violations`,
    );
    expect(report.cases).toBe(runs);
    // Every route of the table had its cases, but those NOT_FUZZED names with a reason.
    expect(report.unfuzzed).toEqual([]);
    expect(report.perRoute.size + Object.keys(NOT_FUZZED).length).toBe(ROUTE_LIST.length);
    // The valid requests do reach the services: most routes answer one of them 2xx.
    expect([...report.valid.values()].filter((v) => v.ok > 0).length).toBeGreaterThan(report.perRoute.size / 4);
    expect(report.violations.map((v) => `${v.route} #${v.index} (${v.kind}): ${v.problem}\n  ${v.request}`)).toEqual([]);
  }, 240_000);
});
