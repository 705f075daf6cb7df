import writeExcelFile, { type Row } from 'write-excel-file/node';
import { addDays, daysUntil, DATE_EXCEL_FORMAT, todayInManila } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { centavosToPesos, PESO_EXCEL_FORMAT } from '@ahente/contract/money';
import { fullName } from '@ahente/contract/names';
import type {
  AgencyRevenueInput,
  AgencyRevenueResponse,
  AgencyRevenueRow,
  MissingCommissionRow,
  MissingCommissionsInput,
  MissingCommissionsResponse,
} from '@ahente/contract/reconciliation';
import type { Exec } from '../../db/exec.ts';
import { revenueRepository } from './revenue-repository.ts';

/**
 * The most sales missingcommissions lists (the oldest first); `count` and `expected_total` still
 * say the whole. An agency with more missing than this has a backlog to work through by insurer.
 */
export const MISSING_COMMISSIONS_LIMIT = 2_000;

/** agencyrevenue without dates: every month from this one. */
const FIRST_PERIOD = '0000-01';
const LAST_PERIOD = '9999-12';

/** What the agency expects on a sale: its premium × the agency's rate (hundredths of a percent), rounded to the centavo. */
const expectedCentavos = (tcvCentavos: number, rateHundredths: number) => Math.round((tcvCentavos * rateHundredths) / 10_000);

/**
 * What the agency sees of its own money (issue 45 §5, decision 037): the commissions the insurers
 * have not paid, and the agency's revenue by insurer and month. Reads only.
 */
export function createRevenueService(db: Exec, opts: { now?: () => Date } = {}) {
  const now = opts.now ?? (() => new Date());

  return {
    /**
     * missingcommissions: sales of an insurer (or of every insurer) that no standing statement has
     * named `older_than_days` days after their effective date, oldest first, with what the agency
     * expects on each; at most MISSING_COMMISSIONS_LIMIT rows, `count` and `expected_total` of all.
     */
    async missing(input: MissingCommissionsInput): Promise<MissingCommissionsResponse> {
      const today = todayInManila(now());
      const before = addDays(today, -input.older_than_days);
      const filter = { insurerId: input.insurer_id, before };
      const [rows, count] = await Promise.all([
        revenueRepository.missingCommissions(db, { ...filter, limit: MISSING_COMMISSIONS_LIMIT }),
        revenueRepository.countMissing(db, filter),
      ]);
      const listed = rows.map((r): MissingCommissionRow => {
        const expected = r.rate_hundredths === null ? null : expectedCentavos(r.tcv_centavos, r.rate_hundredths);
        return {
          sale_id: r.sale_id,
          insurer_id: r.insurer_id,
          insurer_name: r.insurer_name,
          customer_name: r.customer_name,
          policy_number: r.policy_number,
          product: r.product,
          tcv: centavosToPesos(r.tcv_centavos),
          effective_date: r.effective_date,
          days: -daysUntil(r.effective_date, today),
          agent_name: fullName(r),
          expected: expected === null ? null : centavosToPesos(expected),
        };
      });
      // Beyond the limit the total is summed by the database with the same rounding per sale.
      const expectedTotal =
        count > rows.length
          ? await revenueRepository.expectedTotalMissing(db, filter)
          : rows.reduce((sum, r) => sum + (r.rate_hundredths === null ? 0 : expectedCentavos(r.tcv_centavos, r.rate_hundredths)), 0);
      return { rows: listed, count, expected_total: centavosToPesos(expectedTotal) };
    },

    /** missingcommissionsxlsx: the same sales as a workbook (the listed ones, MISSING_COMMISSIONS_LIMIT at most). */
    async missingWorkbook(input: MissingCommissionsInput): Promise<Buffer> {
      const { rows, count } = await this.missing(input);
      return missingWorkbook(rows, count, input.older_than_days);
    },

    /**
     * agencyrevenue: per insurer and statement month (the imports' periods whose month is within
     * `from`–`to`), what the agency expected on the sales paid, what it received, what it owes its
     * agents on those sales and the margin (received − paid to agents). Months with no standing
     * import are not listed.
     */
    async revenue(input: AgencyRevenueInput): Promise<AgencyRevenueResponse> {
      const fromPeriod = input.from ? input.from.slice(0, 7) : FIRST_PERIOD;
      const toPeriod = input.to ? input.to.slice(0, 7) : LAST_PERIOD;
      const [lines, paid] = await Promise.all([
        revenueRepository.linesByInsurerMonth(db, fromPeriod, toPeriod),
        revenueRepository.paidToAgentsByInsurerMonth(db, fromPeriod, toPeriod),
      ]);
      const paidOf = new Map(paid.map((p) => [`${p.insurer_id}|${p.period}`, p.paid]));
      const sorted = [...lines].sort((a, b) => a.period.localeCompare(b.period) || a.insurer_name.localeCompare(b.insurer_name));
      const totals = { expected: 0, received: 0, paid: 0 };
      const rows = sorted.map((l): AgencyRevenueRow => {
        const paidToAgents = paidOf.get(`${l.insurer_id}|${l.period}`) ?? 0;
        totals.expected += l.expected;
        totals.received += l.received;
        totals.paid += paidToAgents;
        return {
          insurer_id: l.insurer_id,
          insurer_name: l.insurer_name,
          month: l.period,
          expected: centavosToPesos(l.expected),
          received: centavosToPesos(l.received),
          paid_to_agents: centavosToPesos(paidToAgents),
          margin: centavosToPesos(l.received - paidToAgents),
        };
      });
      return {
        rows,
        totals: {
          expected: centavosToPesos(totals.expected),
          received: centavosToPesos(totals.received),
          paid_to_agents: centavosToPesos(totals.paid),
          margin: centavosToPesos(totals.received - totals.paid),
        },
      };
    },

    /** agencyrevenuexlsx: the same figures as a workbook, a totals row at the end. */
    async revenueWorkbook(input: AgencyRevenueInput): Promise<Buffer> {
      return revenueWorkbook(await this.revenue(input));
    },
  };
}

export type RevenueService = ReturnType<typeof createRevenueService>;

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const money = (pesos: number) => ({ value: pesos, type: Number, format: PESO_EXCEL_FORMAT });
const day = (value: string) => ({ value: new Date(`${value}T00:00:00.000Z`), type: Date, format: DATE_EXCEL_FORMAT });

/** One sheet 'Missing commissions': a header row, a sale per row (oldest first), and a note when the list is cut. */
function missingWorkbook(rows: readonly MissingCommissionRow[], count: number, days: number): Promise<Buffer> {
  const columns: { label: string; width: number; cell: (r: MissingCommissionRow) => Row[number] }[] = [
    { label: 'Sale ID', width: 9, cell: (r) => ({ value: r.sale_id, type: Number }) },
    { label: 'Insurer', width: 24, cell: (r) => r.insurer_name },
    { label: 'Policy Number', width: 20, cell: (r) => r.policy_number },
    { label: 'Customer', width: 26, cell: (r) => r.customer_name },
    { label: 'Product', width: 22, cell: (r) => productLabel(r.product) },
    { label: 'Agent', width: 24, cell: (r) => r.agent_name },
    { label: 'Effective Date', width: 14, cell: (r) => day(r.effective_date) },
    { label: 'Days', width: 8, cell: (r) => ({ value: r.days, type: Number }) },
    { label: 'TCV', width: 16, cell: (r) => money(r.tcv) },
    { label: 'Expected Commission', width: 20, cell: (r) => (r.expected === null ? 'No agency rate' : money(r.expected)) },
  ];
  const data: Row[] = [columns.map((c) => bold(c.label)), ...rows.map((r): Row => columns.map((c) => c.cell(r)))];
  data.push([], [`Sales with no statement line ${days} days after their effective date: ${count}.`]);
  if (count > rows.length) data.push([`The ${rows.length} oldest are listed; filter by insurer for the rest.`]);
  return writeExcelFile(data, {
    sheet: 'Missing commissions',
    stickyRowsCount: 1,
    columns: columns.map((c) => ({ width: c.width })),
  }).toBuffer();
}

/** One sheet 'Agency revenue': insurer and month per row, then the totals. */
function revenueWorkbook(report: AgencyRevenueResponse): Promise<Buffer> {
  const data: Row[] = [
    ['Month', 'Insurer', 'Expected', 'Received', 'Paid to Agents', 'Margin'].map(bold),
    ...report.rows.map((r): Row => [
      r.month,
      r.insurer_name,
      money(r.expected),
      money(r.received),
      money(r.paid_to_agents),
      money(r.margin),
    ]),
    [
      bold('Total'),
      null,
      { ...money(report.totals.expected), fontWeight: 'bold' as const },
      { ...money(report.totals.received), fontWeight: 'bold' as const },
      { ...money(report.totals.paid_to_agents), fontWeight: 'bold' as const },
      { ...money(report.totals.margin), fontWeight: 'bold' as const },
    ],
  ];
  return writeExcelFile(data, {
    sheet: 'Agency revenue',
    stickyRowsCount: 1,
    columns: [10, 26, 16, 16, 16, 16].map((width) => ({ width })),
  }).toBuffer();
}
