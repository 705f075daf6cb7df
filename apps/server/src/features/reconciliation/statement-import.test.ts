import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import type { StatementImportRecord, StatementLineRecord } from '@ahente/contract/reconciliation';
import { startTestApp, type FormPart, type TestApp, type TestClient } from '../../../test/harness.ts';
import {
  STATEMENT_LAYOUTS,
  insurerSale,
  mappingOf,
  newInsurer,
  setAgencyRate,
  statementFile,
  type StatementLayout,
  type StatementLineSpec,
} from '../../../test/statement-files.ts';

/**
 * Importing insurers' statements (decision 037): three layouts as real .xlsx and
 * .csv files, every state of a line, the preview, 409 for the same bytes, 422 for unreadable rows
 * (nothing saved), and who may call.
 */
let t: TestApp;
let agent: { id: number };
let agentClient: TestClient;
let adminClient: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  const c = await t.callers();
  agent = c.agent;
  agentClient = c.agentClient;
  adminClient = c.adminClient;
  anonymous = t.client();
});
afterAll(() => t.close());

let seq = 0;
const form = (insurerId: number, file: Buffer, name: string, fields: Record<string, string> = {}): FormPart[] => [
  { name: 'insurer_id', value: String(insurerId) },
  ...Object.entries(fields).map(([k, v]) => ({ name: k, value: v })),
  { name: 'file', filename: name, content: file },
];
const importForm = (insurerId: number, layout: StatementLayout, file: Buffer, format: 'xlsx' | 'csv', over: Record<string, string> = {}) =>
  form(insurerId, file, `statement-${++seq}.${format}`, { period: '2026-10', mapping: mappingOf(layout), ...over });

async function lines(importId: number, status?: string): Promise<StatementLineRecord[]> {
  const res = await adminClient.post(routes.statementLines.path, { import_id: importId, ...(status ? { status } : {}), limit: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}
async function counts(table: 'statement_imports' | 'statement_lines'): Promise<number> {
  const r = await t.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * A world per layout and format: an insurer, its rate (10% of premium on Comprehensive), five
 * sales, and a statement whose lines land in every state.
 */
async function world(layout: StatementLayout, format: 'xlsx' | 'csv') {
  const insurer = await newInsurer(t);
  await setAgencyRate(t, insurer.id, 'Comprehensive', 10);
  const tag = `${layout.slice(0, 3).toUpperCase()}${format === 'xlsx' ? 'X' : 'C'}${++seq}`;
  const sale = (n: number, customer: string, tcv: number) =>
    insurerSale(t, agentClient, agent.id, insurer, { policy: `${tag}-2026-000${n}`, customer, tcv, effective: '2026-09-01' });
  const exact = await sale(1, 'Maria Clara', 20000); // expects 2,000.00
  const short = await sale(2, 'Juan Luna', 30000); // expects 3,000.00
  const cancelled = await sale(3, 'Andres Bonifacio', 10000);
  const suggested = await sale(4, 'Gabriela Silang', 15000); // its policy number typed differently
  const spec: StatementLineSpec[] = [
    // Matched within ₱1.00, the policy number written another way (dots, no leading zeros).
    {
      policy: `${tag.toLowerCase()}.2026.1`,
      name: 'Maria Clara',
      premium: 20000,
      commission: 2000.5,
      effective_date: '2026-09-01',
      paid_on: '2026-10-05',
      transaction: 'new',
    },
    // Paid short.
    {
      policy: `${tag}-2026-0002`,
      name: 'Juan Luna',
      premium: 30000,
      commission: 1234.5,
      effective_date: '2026-09-01',
      paid_on: '2026-10-05',
      transaction: 'new',
    },
    // A chargeback: negative, in parentheses.
    {
      policy: `${tag}-2026-0003`,
      name: 'Andres Bonifacio',
      premium: 10000,
      commission: -1000,
      effective_date: '2026-09-01',
      paid_on: '2026-10-05',
      transaction: 'cancellation',
    },
    // Unmatched, with a suggestion: Gabriela Silang's premium under another number.
    {
      policy: `${tag}-XX-99`,
      name: 'Gabriela Silang',
      premium: 15000.4,
      commission: 1500,
      effective_date: '2026-09-01',
      paid_on: '2026-10-05',
      transaction: 'new',
    },
    // Unmatched: a policy no agent recorded.
    {
      policy: `${tag}-NOPE-1`,
      name: 'Nobody Here',
      premium: 5000,
      commission: 500,
      effective_date: '2026-09-01',
      paid_on: null,
      transaction: 'renewal',
    },
  ];
  return { insurer, tag, exact, short, cancelled, suggested, spec, file: await statementFile(layout, spec, format) };
}

describe('POST /api/importstatement: every layout, both formats, every state', () => {
  for (const layout of STATEMENT_LAYOUTS) {
    for (const format of ['xlsx', 'csv'] as const) {
      it(`${layout} .${format}: matched, differs, chargeback, unmatched with and without a suggestion; then a duplicate`, async () => {
        const w = await world(layout, format);
        const res = await adminClient.postForm(
          routes.importStatement.path,
          importForm(w.insurer.id, layout, w.file, format, { statement_total: '2000.00' }),
        );
        expect(res.statusCode, res.body).toBe(200);
        const imp = res.json().import as StatementImportRecord;
        expect(imp).toMatchObject({
          lines: 5,
          matched: 1,
          differs: 1,
          chargebacks: 1,
          unmatched: 2,
          duplicates: 0,
          received_total: 2000.5 + 1234.5 - 1000 + 1500 + 500,
          statement_total: 2000,
          tie_out_difference: 2000.5 + 1234.5 - 1000 + 1500 + 500 - 2000,
          period: '2026-10',
          can_undo: true,
        });
        const all = await lines(imp.id);
        const byRow = all.map((l) => [l.status, l.sale?.id ?? null, l.suggestion?.id ?? null, l.expected, l.received]);
        expect(byRow).toEqual([
          ['matched', w.exact, null, 2000, 2000.5],
          ['differs', w.short, null, 3000, 1234.5],
          ['chargeback', w.cancelled, null, 1000, -1000],
          ['unmatched', null, w.suggested, null, 1500],
          ['unmatched', null, null, null, 500],
        ]);
        expect(all[1]!.reason).toBe('Paid short');
        expect(all[0]!.effective_date).toBe('2026-09-01');
        if (layout !== 'standard') expect(all[0]!.paid_on).toBe('2026-10-05');
        expect(all[4]!.transaction).toBe('renewal');
        // Row numbers are the file's, under its title rows.
        expect(all[0]!.row_no).toBeGreaterThan(2);
        // The mapping is saved as the insurer's: the next preview proposes it.
        const preview = await adminClient.postForm(routes.previewStatement.path, form(w.insurer.id, w.file, `again.${format}`));
        expect(preview.statusCode, preview.body).toBe(200);
        expect(preview.json().mapping_saved).toBe(true);

        // The same policies, period and amounts in another file: duplicates of the first import's lines.
        const again = await statementFile(layout, [w.spec[0]!, { ...w.spec[1]!, commission: 1765.5 }], format);
        const second = await adminClient.postForm(routes.importStatement.path, importForm(w.insurer.id, layout, again, format));
        expect(second.statusCode, second.body).toBe(200);
        const secondLines = await lines(second.json().import.id);
        expect(secondLines.map((l) => l.status)).toEqual(['duplicate', 'differs']);
        expect(secondLines[0]!.duplicate_of).toMatchObject({ import_id: imp.id, period: '2026-10', row_no: all[0]!.row_no });
      });
    }
  }

  it('no agency rate: a matched line with its reason, expected null', async () => {
    const insurer = await newInsurer(t);
    const id = await insurerSale(t, agentClient, agent.id, insurer, { policy: 'NR-1', customer: 'Tandang Sora', tcv: 1000 });
    const file = await statementFile('malayan', [{ policy: 'NR-1', commission: 77 }], 'csv');
    const res = await adminClient.postForm(routes.importStatement.path, importForm(insurer.id, 'malayan', file, 'csv'));
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await lines(res.json().import.id);
    expect(line).toMatchObject({ status: 'matched', reason: 'no agency rate', expected: null, received: 77, sale: { id } });
  });

  it("a line matches only the import's insurer's sales", async () => {
    const mine = await newInsurer(t);
    const theirs = await newInsurer(t);
    await insurerSale(t, agentClient, agent.id, theirs, { policy: 'OTHER-1', customer: 'Melchora Aquino', tcv: 1000 });
    const file = await statementFile('pioneer', [{ policy: 'OTHER-1', commission: 100 }], 'csv');
    const res = await adminClient.postForm(routes.importStatement.path, importForm(mine.id, 'pioneer', file, 'csv'));
    expect(res.json().import.unmatched).toBe(1);
  });

  it('409 for the same bytes, naming the first import; nothing saved', async () => {
    const w = await world('malayan', 'csv');
    const first = await adminClient.postForm(routes.importStatement.path, importForm(w.insurer.id, 'malayan', w.file, 'csv'));
    expect(first.statusCode).toBe(200);
    const before = await counts('statement_lines');
    const again = await adminClient.postForm(
      routes.importStatement.path,
      importForm(w.insurer.id, 'malayan', w.file, 'csv', { period: '2026-11' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ import_id: first.json().import.id, period: '2026-10' });
    expect(again.json().error).toContain(`import #${first.json().import.id}`);
    expect(await counts('statement_lines')).toBe(before);
  });

  it('422 listing the unreadable rows by number; nothing of the file saved', async () => {
    const insurer = await newInsurer(t);
    const file = Buffer.from(
      [
        'ACME Insurance',
        'Policy No.,Assured,Commission Amount',
        'A-1,Ana,100.00',
        ',Ben,200.00', // row 4: no policy number
        'A-3,Cy,abc', // row 5: not money
        'A-4,Di,50',
        '',
      ].join('\n'),
    );
    const [imports, linesBefore] = [await counts('statement_imports'), await counts('statement_lines')];
    const res = await adminClient.postForm(
      routes.importStatement.path,
      form(insurer.id, file, 'bad.csv', {
        period: '2026-10',
        mapping: JSON.stringify({ policy_no: 'Policy No.', commission: 'Commission Amount' }),
      }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().rows).toEqual([
      { row_no: 4, message: 'No policy number' },
      { row_no: 5, message: 'Commission "abc" is not an amount' },
    ]);
    expect(res.json().bad_rows).toBe(2);
    expect(res.json().error).toContain('row 4');
    expect([await counts('statement_imports'), await counts('statement_lines')]).toEqual([imports, linesBefore]);
  });

  it('bad input: clear 4xx, nothing saved', async () => {
    const insurer = await newInsurer(t);
    const good = await statementFile('malayan', [{ policy: 'B-1', commission: 1 }], 'csv');
    const before = await counts('statement_imports');
    const attempts: [FormPart[], number, string][] = [
      [importForm(insurer.id, 'malayan', good, 'csv', { period: '2026-13' }), 400, 'Period must be a month (YYYY-MM)'],
      [importForm(insurer.id, 'malayan', good, 'csv', { mapping: '{not json' }), 400, 'Mapping must be JSON'],
      [
        importForm(insurer.id, 'malayan', good, 'csv', { mapping: JSON.stringify({ policy_no: 'Policy No.' }) }),
        400,
        'Choose the column of the commission',
      ],
      [
        importForm(insurer.id, 'malayan', good, 'csv', { mapping: JSON.stringify({ policy_no: 'Nope', commission: 'Commission Amount' }) }),
        400,
        'The file has no column "Nope"',
      ],
      [importForm(999999, 'malayan', good, 'csv'), 404, 'Insurer not found'],
      [
        form(insurer.id, Buffer.from('just,some\nwords,here\n'), 'x.csv', { period: '2026-10', mapping: mappingOf('malayan') }),
        400,
        'No header row found',
      ],
      [
        form(insurer.id, Buffer.from('%PDF-1.7 x'), 'x.pdf', { period: '2026-10', mapping: mappingOf('malayan') }),
        415,
        'This file type is not allowed',
      ],
      [
        [
          { name: 'insurer_id', value: String(insurer.id) },
          { name: 'period', value: '2026-10' },
          { name: 'mapping', value: mappingOf('malayan') },
        ],
        400,
        'Choose a statement file',
      ],
      [importForm(insurer.id, 'malayan', Buffer.from('PK\u0003\u0004 not really a zip'), 'xlsx'), 400, 'The Excel file cannot be read'],
    ];
    for (const [parts, status, message] of attempts) {
      const res = await adminClient.postForm(routes.importStatement.path, parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toContain(message);
    }
    expect(await counts('statement_imports')).toBe(before);
  });

  it('access: anonymous 401, agents 403, admins 200', async () => {
    const insurer = await newInsurer(t);
    const file = await statementFile('standard', [{ policy: 'ACC-1', commission: 1 }], 'csv');
    expect((await anonymous.postForm(routes.importStatement.path, importForm(insurer.id, 'standard', file, 'csv'))).statusCode).toBe(401);
    expect((await agentClient.postForm(routes.importStatement.path, importForm(insurer.id, 'standard', file, 'csv'))).statusCode).toBe(403);
    expect((await agentClient.postForm(routes.previewStatement.path, form(insurer.id, file, 'p.csv'))).statusCode).toBe(403);
    expect((await adminClient.postForm(routes.importStatement.path, importForm(insurer.id, 'standard', file, 'csv'))).statusCode).toBe(200);
  });
});

describe('POST /api/previewstatement', () => {
  it('finds the header under the title rows, guesses the mapping, shows the first lines as read; saves nothing', async () => {
    const insurer = await newInsurer(t);
    const spec: StatementLineSpec[] = Array.from({ length: 25 }, (_, i) => ({
      policy: `PV-${i + 1}`,
      name: `Client ${i + 1}`,
      premium: 1000 + i,
      commission: i === 2 ? -12.5 : 100 + i,
      effective_date: '2026-10-05',
      paid_on: '2026-10-31',
      transaction: 'new',
    }));
    for (const layout of STATEMENT_LAYOUTS) {
      for (const format of ['xlsx', 'csv'] as const) {
        const before = await counts('statement_imports');
        const res = await adminClient.postForm(
          routes.previewStatement.path,
          form(insurer.id, await statementFile(layout, spec, format), `p.${format}`),
        );
        expect(res.statusCode, `${layout} ${format}: ${res.body}`).toBe(200);
        const body = res.json();
        expect(body.header_row).toBe({ malayan: 4, pioneer: 2, standard: 5 }[layout]);
        expect(body.columns).toEqual(
          {
            malayan: ['Policy No.', 'Assured', 'Transaction', 'Effective Date', 'Gross Premium', 'Commission Amount', 'Date Paid'],
            pioneer: ['POLICY NUMBER', 'INSURED NAME', 'PREMIUM', 'COMM', 'EFF DATE', 'TXN TYPE', 'PAYMENT DATE'],
            standard: ['Line', 'Certificate No', 'Client', 'Premium Amount', 'Commission (PHP)', 'Inception', 'Type'],
          }[layout],
        );
        // The guess is each layout's own mapping.
        const expected = JSON.parse(mappingOf(layout)) as Record<string, string | null>;
        expect(body.mapping).toEqual({ paid_on: null, ...expected });
        expect(body.mapping_saved).toBe(false);
        expect(body.rows).toHaveLength(20);
        expect(body.rows[2].read).toMatchObject({
          policy_no: 'PV-3',
          commission: -12.5,
          premium: 1002,
          effective_date: '2026-10-05',
          transaction: 'new',
        });
        expect(body.rows[2].error).toBeNull();
        expect(await counts('statement_imports')).toBe(before);
      }
    }
  });

  it('bad input and access', async () => {
    const insurer = await newInsurer(t);
    const file = await statementFile('malayan', [{ policy: 'X', commission: 1 }], 'csv');
    expect((await adminClient.postForm(routes.previewStatement.path, form(424242, file, 'p.csv'))).statusCode).toBe(404);
    const noId = await adminClient.postForm(routes.previewStatement.path, [{ name: 'file', filename: 'p.csv', content: file }]);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error).toBe('Insurer id is required');
    expect((await anonymous.postForm(routes.previewStatement.path, form(insurer.id, file, 'p.csv'))).statusCode).toBe(401);
    expect((await agentClient.postForm(routes.previewStatement.path, form(insurer.id, file, 'p.csv'))).statusCode).toBe(403);
  });
});
