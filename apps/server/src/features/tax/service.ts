import type { Kysely } from 'kysely';
import { hundredthsToPercent, percentToHundredths } from '@ahente/contract/commissions';
import { scheduleAt, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos, pesosToCentavos, sumPesos } from '@ahente/contract/money';
import {
  AGENCY_TAX_DETAILS_MISSING_CODE,
  AGENCY_TAX_DETAILS_MISSING_FOR_ADMIN,
  AGENCY_TAX_DETAILS_MISSING_FOR_MEMBER,
  AGENCY_TAX_FIELDS,
  DEFAULT_PAYOUT_SETTINGS,
  DEFAULT_WITHHOLDING_RATE,
  form2307Deadline,
  payeeName,
  quarterMonths,
  quarterOf,
  type AgencyTaxDetails,
  type AgencyTaxField,
  type AlphalistResponse,
  type Form2307Summary,
  type PayoutSettings,
  type SetAgencyTaxDetailsInput,
  type SetPayoutSettingsInput,
  type SetWithholdingInput,
  type WithheldIncome,
  type WithholdingRecord,
  type WithholdingResponse,
} from '@ahente/contract/tax';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { GeoService } from '../geo/service.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import type { Notifier } from '../notifications/service.ts';
import { alphalistDat, alphalistWorkbook } from './alphalist-files.ts';
import type { AlphalistDocument, Form2307Document } from './bir-documents.ts';
import { form2307Pdf } from './form2307-pdf.ts';
import { taxRepository as repo } from './repository.ts';
import type { Exec } from '../../db/exec.ts';

/**
 * The agency as the BIR's forms name it: AGENCY_NAME, and the TIN, address and RDO an administrator
 * saved (decision 019), or while none were, AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO.
 */
export interface AgencyIdentity {
  name: string;
  tin: string | null;
  address: string | null;
  rdo: string | null;
}

/** The words an unset field is named by in the administrators' notification. */
const FIELD_WORDS: Record<AgencyTaxField, string> = { tin: 'TIN', address: 'address', rdo: 'RDO' };

type TaxedRow = Awaited<ReturnType<typeof repo.taxedStatements>>[number];

/**
 * Withholding tax (decision 019): the payout settings, each member's dated rate, and the BIR's
 * forms made from the closed statements: Form 2307 per member and quarter, and the quarter's
 * alphalist of payees (.xlsx and the .DAT of the BIR's alphalist module).
 */
export function createTaxService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember'>,
  geo: Pick<GeoService, 'placeNames'>,
  notifier: Pick<Notifier, 'notifyMany' | 'notifyAdmins'>,
  options: { agency: AgencyIdentity; now?: () => Date },
) {
  const now = () => options.now?.() ?? new Date();
  const env = options.agency;

  /** The details in force: the latest an administrator saved, else the environment's (decision 019). */
  async function agencyDetails(exec: Exec) {
    const saved = await repo.latestAgencyTaxDetails(exec);
    const values = saved
      ? { tin: saved.tin, address: saved.address, rdo: saved.rdo }
      : { tin: env.tin, address: env.address, rdo: env.rdo };
    const missing = AGENCY_TAX_FIELDS.filter((f) => values[f] === null);
    return { ...values, saved, missing };
  }

  /**
   * The payor of the BIR's forms, or 409 (code agency_tax_details_missing) while a detail is unset:
   * a member reads that the agency has not set them up yet, and the administrators are told once
   * (decision 026: the key makes every later refusal write nothing); an administrator reads where
   * to set them.
   */
  async function requireAgency(asker: 'member' | 'admin'): Promise<{ name: string; tin: string; address: string; rdo: string }> {
    const d = await agencyDetails(db);
    if (d.missing.length === 0) return { name: env.name, tin: d.tin!, address: d.address!, rdo: d.rdo! };
    if (asker === 'member') {
      await db
        .transaction()
        .execute((trx) =>
          notifier.notifyAdmins(
            trx,
            'agency_tax_details_missing',
            { missing: d.missing.map((f) => FIELD_WORDS[f]) },
            { dedupeKey: 'agency_tax_details_missing' },
          ),
        );
    }
    const message = asker === 'member' ? AGENCY_TAX_DETAILS_MISSING_FOR_MEMBER : AGENCY_TAX_DETAILS_MISSING_FOR_ADMIN;
    throw new HttpError(409, message, { code: AGENCY_TAX_DETAILS_MISSING_CODE, missing: d.missing });
  }

  /** Per member, ATC and rate: the income of each month of the quarter, the total and the tax (pesos). */
  function withheldIncome(rows: TaxedRow[], months: readonly string[]): (WithheldIncome & { row: TaxedRow })[] {
    const out = new Map<string, WithheldIncome & { row: TaxedRow; centavos: number[]; taxCentavos: number }>();
    for (const r of rows) {
      const key = `${r.member_id}|${r.atc}|${r.withholding_rate_hundredths}`;
      let line = out.get(key);
      if (!line) {
        line = {
          member_id: r.member_id,
          // The BIR's order, as on the 2307: "Last Name, First Name, Middle Name".
          member_name: payeeName(r),
          tin: r.tin,
          atc: r.atc,
          rate: hundredthsToPercent(r.withholding_rate_hundredths),
          months: [0, 0, 0],
          income: 0,
          tax: 0,
          row: r,
          centavos: [0, 0, 0],
          taxCentavos: 0,
        };
        out.set(key, line);
      }
      const i = months.indexOf(r.period);
      line.centavos[i]! += Number(r.gross_centavos);
      line.taxCentavos += Number(r.withholding_centavos);
    }
    return [...out.values()].map(({ centavos, taxCentavos, ...line }) => ({
      ...line,
      months: [centavosToPesos(centavos[0]!), centavosToPesos(centavos[1]!), centavosToPesos(centavos[2]!)],
      income: centavosToPesos(centavos[0]! + centavos[1]! + centavos[2]!),
      tax: centavosToPesos(taxCentavos),
    }));
  }

  function addressOf(r: TaxedRow): string | null {
    const parts = [
      r.address_number,
      r.address_street,
      ...geo.placeNames({ region: r.address_region, city: r.address_city, barangay: r.address_barangay }),
    ].filter((p): p is string => Boolean(p));
    return parts.length ? parts.join(', ') : r.address;
  }

  return {
    /** The payout settings in force, read in the caller's transaction (a close uses them). */
    async settingsIn(exec: Exec) {
      const row = await repo.latestSettings(exec);
      return {
        minimumCentavos: row ? Number(row.minimum_payout_centavos) : pesosToCentavos(DEFAULT_PAYOUT_SETTINGS.minimum_payout),
        atc5: row?.atc_5 ?? DEFAULT_PAYOUT_SETTINGS.atc_5,
        atc10: row?.atc_10 ?? DEFAULT_PAYOUT_SETTINGS.atc_10,
        row,
      };
    },

    async payoutSettings(): Promise<PayoutSettings> {
      const s = await this.settingsIn(db);
      return {
        minimum_payout: centavosToPesos(s.minimumCentavos),
        atc_5: s.atc5,
        atc_10: s.atc10,
        updated_at: s.row?.created_at ?? null,
        updated_by_name:
          s.row && s.row.f_name !== null ? fullName(s.row as { f_name: string; m_name: string | null; l_name: string }) : null,
        agency_configured: (await agencyDetails(db)).missing.length === 0,
      };
    },

    /** The agency's tax details in force, where they come from and which are unset (Admin Panel → Commissions). */
    async agencyTaxDetails(): Promise<AgencyTaxDetails> {
      const d = await agencyDetails(db);
      return {
        tin: d.tin,
        address: d.address,
        rdo: d.rdo,
        source: d.saved ? 'settings' : 'environment',
        missing: d.missing,
        updated_at: d.saved?.created_at ?? null,
        updated_by_name:
          d.saved && d.saved.f_name !== null ? fullName(d.saved as { f_name: string; m_name: string | null; l_name: string }) : null,
      };
    },

    /** The fields of the agency's tax details still unset (the administrator's set-up list). */
    async agencyTaxDetailsMissing(): Promise<AgencyTaxField[]> {
      return (await agencyDetails(db)).missing;
    },

    /**
     * A new version of the agency's tax details (all three): the forms issued from now on print
     * them; a form already downloaded keeps what it printed. `by` is null for the demo seed.
     */
    async setAgencyTaxDetails(by: Auth | null, input: SetAgencyTaxDetailsInput): Promise<AgencyTaxDetails> {
      await repo.insertAgencyTaxDetails(db, { ...input, created_at: now().toISOString(), created_by: by?.memberId ?? null });
      return this.agencyTaxDetails();
    },

    /** A new version of the settings; the next close uses it, statements already closed keep theirs. */
    async setPayoutSettings(auth: Auth, input: SetPayoutSettingsInput): Promise<PayoutSettings> {
      await repo.insertSettings(db, {
        minimum_payout_centavos: pesosToCentavos(input.minimum_payout),
        atc_5: input.atc_5,
        atc_10: input.atc_10,
        created_at: now().toISOString(),
        created_by: auth.memberId,
      });
      return this.payoutSettings();
    },

    async withholding(memberId: number): Promise<WithholdingResponse> {
      await members.requireMember(memberId);
      const today = todayInManila(now());
      const history: WithholdingRecord[] = (await repo.withholdingHistory(db, memberId)).map((r) => ({
        id: r.id,
        member_id: r.member_id,
        rate: hundredthsToPercent(r.rate_hundredths),
        effective_from: r.effective_from,
        reason: r.reason,
        created_at: r.created_at,
        created_by_name: r.f_name === null ? null : fullName(r as { f_name: string; m_name: string | null; l_name: string }),
      }));
      const { current, next } = scheduleAt(history, today);
      const rate = current?.rate ?? DEFAULT_WITHHOLDING_RATE;
      const settings = await this.settingsIn(db);
      return {
        member_id: memberId,
        as_of: today,
        rate,
        atc: rate === 10 ? settings.atc10 : settings.atc5,
        rate_from: current?.effective_from ?? null,
        next,
        history,
      };
    },

    /**
     * A member's rate from a date on, on their sworn declaration (RR 11-2018): today or later, so
     * no statement already closed says something the schedule contradicts.
     */
    async setWithholding(auth: Auth, input: SetWithholdingInput): Promise<{ withholding: WithholdingRecord }> {
      await members.requireMember(input.member_id);
      const at = now();
      if (input.effective_from < todayInManila(at)) {
        throw badRequest('Effective from must be today or later: a rate never changes statements already closed');
      }
      const id = await repo.insertWithholding(db, {
        member_id: input.member_id,
        rate_hundredths: percentToHundredths(input.rate),
        effective_from: input.effective_from,
        reason: input.reason,
        created_at: at.toISOString(),
        created_by: auth.memberId,
      });
      const record = (await this.withholding(input.member_id)).history.find((r) => r.id === id)!;
      return { withholding: record };
    },

    /**
     * A quarter's withholding is final (the close that left all its months closed, in its
     * transaction): each payee with tax withheld in it hears that their BIR Form 2307 is ready,
     * once per quarter (decision 026). Not while the agency's TIN, address and RDO are unset: the
     * form cannot be issued then.
     */
    async announceForm2307s(exec: Exec, year: number, quarter: number): Promise<number> {
      if ((await agencyDetails(exec)).missing.length > 0) return 0;
      return notifier.notifyMany(exec, 'form2307_ready', { year, quarter }, repo.payeesOf(exec, quarterMonths(year, quarter)), {
        dedupeKey: `form2307_ready:${year}-Q${quarter}`,
      });
    },

    /** The quarters a member had tax withheld in, newest first. */
    async form2307s(memberId: number): Promise<Form2307Summary[]> {
      await members.requireMember(memberId);
      const quarters = new Map<string, Form2307Summary>();
      for (const st of await repo.taxedStatements(db, null, memberId)) {
        const { year, quarter } = quarterOf(st.period);
        const key = `${year}-${quarter}`;
        const q = quarters.get(key) ?? { year, quarter, income: 0, tax: 0, deadline: form2307Deadline(year, quarter) };
        quarters.set(key, {
          ...q,
          income: sumPesos([q.income, centavosToPesos(Number(st.gross_centavos))]),
          tax: sumPesos([q.tax, centavosToPesos(Number(st.withholding_centavos))]),
        });
      }
      return [...quarters.values()].sort((a, b) => b.year - a.year || b.quarter - a.quarter);
    },

    /** Form 2307 of a member for a quarter: 404 when no tax was withheld from them in it. */
    async form2307(
      memberId: number,
      year: number,
      quarter: number,
      asker: 'member' | 'admin' = 'member',
    ): Promise<{ bytes: Buffer; doc: Form2307Document }> {
      const member = await members.requireMember(memberId);
      const payor = await requireAgency(asker);
      const months = quarterMonths(year, quarter);
      const rows = await repo.taxedStatements(db, months, memberId);
      if (rows.length === 0) throw notFound(`No tax was withheld from this member in Q${quarter} ${year}`);
      const lines = withheldIncome(rows, months);
      const monthTotal = (i: number) => sumPesos(lines.map((l) => l.months[i]!));
      const doc: Form2307Document = {
        year,
        quarter,
        months,
        payee: { name: payeeName(member), tin: rows[0]!.tin, address: addressOf(rows[0]!) },
        payor,
        lines: lines.map((l) => ({ atc: l.atc, rate: l.rate, months: l.months, income: l.income, tax: l.tax })),
        totals: {
          months: [monthTotal(0), monthTotal(1), monthTotal(2)],
          income: sumPesos(lines.map((l) => l.income)),
          tax: sumPesos(lines.map((l) => l.tax)),
        },
        issuedOn: todayInManila(now()),
      };
      return { bytes: await form2307Pdf(doc), doc };
    },

    /** The quarter's payees: one row per member, ATC and rate. */
    async alphalist(year: number, quarter: number): Promise<AlphalistResponse> {
      const months = quarterMonths(year, quarter);
      const lines = withheldIncome(await repo.taxedStatements(db, months, null), months);
      return {
        year,
        quarter,
        deadline: form2307Deadline(year, quarter),
        rows: lines.map(({ row: _row, ...l }) => l),
        income: sumPesos(lines.map((l) => l.income)),
        tax: sumPesos(lines.map((l) => l.tax)),
        missing_tin: new Set(lines.filter((l) => l.tin === null).map((l) => l.member_id)).size,
      };
    },

    async alphalistDocument(year: number, quarter: number): Promise<AlphalistDocument> {
      const payor = await requireAgency('admin');
      const months = quarterMonths(year, quarter);
      const lines = withheldIncome(await repo.taxedStatements(db, months, null), months);
      return {
        year,
        quarter,
        agency: payor,
        rows: lines.map((l) => ({
          member_id: l.member_id,
          tin: l.tin,
          last_name: l.row.l_name,
          first_name: l.row.f_name,
          middle_name: l.row.m_name,
          atc: l.atc,
          rate: l.rate,
          income: l.income,
          tax: l.tax,
        })),
      };
    },

    /** The workbook, and the payees whose TIN it holds (their reads are logged, decision 027). */
    async alphalistXlsx(year: number, quarter: number): Promise<{ bytes: Buffer; tinsOf: number[] }> {
      const doc = await this.alphalistDocument(year, quarter);
      return { bytes: await alphalistWorkbook(doc), tinsOf: payeesWithTin(doc.rows) };
    },

    async alphalistDat(year: number, quarter: number): Promise<{ text: string; agencyTin: string; tinsOf: number[] }> {
      const doc = await this.alphalistDocument(year, quarter);
      return { text: alphalistDat(doc), agencyTin: doc.agency.tin, tinsOf: payeesWithTin(doc.rows) };
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;

/** The members whose TIN a list of payees shows (each once). */
export const payeesWithTin = (rows: readonly { member_id: number; tin: string | null }[]): number[] => [
  ...new Set(rows.filter((r) => r.tin !== null).map((r) => r.member_id)),
];
