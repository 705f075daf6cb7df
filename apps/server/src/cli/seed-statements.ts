/**
 * The demo's insurer statements (issue 45 §7, decision 037): the five insurers the sales name,
 * the agency's own rates, and Malayan's (.xlsx) and Pioneer's (.csv) statements for September and
 * October 2026 imported through the reconciliation service as an administrator imports them, so
 * that a newcomer sees every state of a line: matched, differs (paid short), unmatched (a policy
 * no agent recorded, and one a person then ignores), a suggestion (a policy number mistyped by the
 * insurer), a duplicate (Pioneer's September supplement repeats a line), a chargeback on a sale
 * already cancelled and one on a sale still in force (the page offers its cancellation). The
 * September Malayan statement verifies the sales it matched; October's are left to verify, so the
 * Sales to verify page says which sales a statement has paid. Sales no statement names are the
 * missing commissions. No pseudo-random draw: the demo's other steps are unchanged by this one.
 */
import { PRODUCT_CATALOGUE, PRODUCT_CATEGORIES } from '@ahente/contract/catalogue';
import type { SaleRecord } from '@ahente/contract/sales';
import { saveInsurerRequest, setInsurerRateRequest } from '@ahente/contract/insurers';
import type { buildServices } from '../app.ts';
import type { Auth } from '../platform/sessions.ts';
import { sniffContentType } from '../platform/content-sniff.ts';
import { newStorageKey } from '../platform/storage.ts';
import { createHash } from 'node:crypto';
import { INSURERS } from './demo-data.ts';
import { malayanStatement, pioneerStatement, type StatementFile, type StatementFileLine } from './statement-files.ts';

type Services = ReturnType<typeof buildServices>;

/** The agency's own commission rate per insurer (percent of the premium), on every product from 2026-01-01. */
const AGENCY_RATES: Record<string, number> = {
  'Malayan Insurance': 15,
  'Pioneer Insurance': 12.5,
  'FPG Insurance': 14,
  Maxicare: 10,
  Intellicare: 10,
};
const CODES: Record<string, string> = {
  'Malayan Insurance': 'MICI',
  'Pioneer Insurance': 'PISC',
  'FPG Insurance': 'FPG',
  Maxicare: 'MAXI',
  Intellicare: 'INTL',
};
const ALIASES: Record<string, string[]> = {
  'Malayan Insurance': ['Malayan Insurance Co., Inc.', 'Malayan'],
  'Pioneer Insurance': ['Pioneer Insurance & Surety Corporation', 'Pioneer'],
};

const centavos = (pesos: number) => Math.round(pesos * 100);

/** Imports one statement file as Admin Panel → Statements does: the file stored, then read and matched. */
async function importFile(s: Services, admin: Auth, insurerId: number, period: string, file: StatementFile, statementTotal: number | null) {
  const contentType = sniffContentType(file.bytes.subarray(0, 4096), file.file_name);
  if (!contentType) throw new Error(`seed: ${file.file_name} is not a file the import takes`);
  const key = newStorageKey('statements');
  const { size } = await s.storage.put(key, file.bytes);
  return s.reconciliation.importFile(admin, {
    fields: {
      insurer_id: String(insurerId),
      period,
      mapping: JSON.stringify(file.mapping),
      ...(statementTotal === null ? {} : { statement_total: (statementTotal / 100).toFixed(2) }),
    },
    file: {
      field: 'file',
      key,
      size,
      contentType,
      fileName: file.file_name,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    },
  });
}

export async function seedStatements(s: Services, admin: Auth, members: readonly number[], agencyName: string) {
  // The insurers the sales name, kept by the administrator (saving one links its sales), and the agency's rates.
  const insurerIds = new Map<string, number>();
  const existing = new Map((await s.insurers.adminList()).insurers.map((i) => [i.name, i.id] as const));
  for (const name of INSURERS) {
    const saved = await s.insurers.save(
      admin,
      saveInsurerRequest.parse({
        ...(existing.has(name) ? { id: existing.get(name) } : {}),
        name,
        code: CODES[name],
        aliases: ALIASES[name] ?? [],
        active: true,
      }),
    );
    insurerIds.set(name, saved.insurer.id);
    for (const category of PRODUCT_CATEGORIES) {
      for (const product of PRODUCT_CATALOGUE[category]) {
        await s.insurers.setRate(
          admin,
          setInsurerRateRequest.parse({ insurer_id: saved.insurer.id, product, rate: AGENCY_RATES[name], effective_from: '2026-01-01' }),
        );
      }
    }
  }

  const sales: SaleRecord[] = [];
  for (const id of members) sales.push(...(await s.sales.list(id)));
  sales.sort((a, b) => a.id - b.id);
  const ofInsurer = (name: string) => sales.filter((x) => x.insurer === name && x.policy_number !== null && x.verification !== 'rejected');
  const inForce = (list: SaleRecord[]) => list.filter((x) => x.cancelled_on === null);
  const line = (sale: SaleRecord, rate: number, over: Partial<StatementFileLine> = {}): StatementFileLine => ({
    policy_no: sale.policy_number!,
    insured_name: sale.customer_name,
    transaction: sale.tx_type === 'Renewal' ? 'Renewal' : 'New',
    effective_date: sale.effective_date,
    premium_centavos: centavosOf(sale.tcv),
    commission_centavos: Math.round((centavosOf(sale.tcv) * rate) / 100),
    paid_on: '2026-10-05',
    ...over,
  });
  const sum = (lines: readonly StatementFileLine[]) => lines.reduce((t, l) => t + l.commission_centavos, 0);

  // Malayan: September pays the sales effective up to mid-September, October those after; every
  // third sale is left off both (the missing commissions).
  const malayan = inForce(ofInsurer('Malayan Insurance'));
  const mRate = AGENCY_RATES['Malayan Insurance']!;
  const mSept = malayan.filter((x, i) => x.effective_date <= '2026-09-15' && i % 3 !== 2);
  const mOct = malayan.filter((x, i) => x.effective_date > '2026-09-15' && x.effective_date <= '2026-10-31' && i % 3 !== 2);
  const suggested = malayan.find((x, i) => i % 3 === 2 && x.effective_date <= '2026-09-15');
  const septLines: StatementFileLine[] = [
    ...mSept.map((x, i) =>
      // The second is paid short by ₱250.00 (differs); the others as the agency expects.
      line(x, mRate, i === 1 ? { commission_centavos: Math.round((centavosOf(x.tcv) * mRate) / 100) - 25_000 } : { paid_on: '2026-09-30' }),
    ),
    // A policy no agent recorded.
    {
      policy_no: 'MIC-2026-07731',
      insured_name: 'Rodel Bautista',
      transaction: 'New',
      effective_date: '2026-08-12',
      premium_centavos: 1_850_000,
      commission_centavos: 277_500,
      paid_on: '2026-09-30',
    },
    // An adjustment line the administrator ignores.
    {
      policy_no: 'ADJ-0930',
      insured_name: 'Prior period adjustment',
      transaction: 'Endorsement',
      effective_date: '2026-09-30',
      premium_centavos: 0,
      commission_centavos: 32_000,
      paid_on: '2026-09-30',
    },
  ];
  // The insurer mistyped this policy's number: a suggestion (same customer, same premium), never a match until confirmed.
  if (suggested) septLines.push(line(suggested, mRate, { policy_no: `${suggested.policy_number!}-X`, paid_on: '2026-09-30' }));
  const cancelledMalayan = ofInsurer('Malayan Insurance').find((x) => x.cancelled_on !== null);
  const octLines: StatementFileLine[] = mOct.map((x) => line(x, mRate, { paid_on: '2026-10-30' }));
  // The policy cancelled in force: the insurer takes its commission back (a chargeback on a sale already cancelled).
  if (cancelledMalayan) {
    octLines.push(
      line(cancelledMalayan, mRate, {
        transaction: 'Cancellation',
        commission_centavos: -Math.round((centavosOf(cancelledMalayan.tcv) * mRate) / 200),
        premium_centavos: -Math.round(centavosOf(cancelledMalayan.tcv) / 2),
        paid_on: '2026-10-30',
      }),
    );
  }
  const mSeptFile = await malayanStatement('2026-09', agencyName, septLines);
  const mSeptImport = await importFile(s, admin, insurerIds.get('Malayan Insurance')!, '2026-09', mSeptFile, sum(septLines));
  const ignoreLine = (await s.reconciliation.lines({ import_id: mSeptImport.id, status: 'unmatched', limit: 100, cursor: null })).rows.find(
    (l) => l.policy_no === 'ADJ-0930',
  );
  if (ignoreLine) {
    await s.reconciliation.ignoreLine(admin, ignoreLine.id, 'Prior-period adjustment, already booked by accounting in August');
  }
  await s.reconciliation.verifyFrom(admin, mSeptImport.id);
  if (octLines.length > 0) {
    await importFile(
      s,
      admin,
      insurerIds.get('Malayan Insurance')!,
      '2026-10',
      await malayanStatement('2026-10', agencyName, octLines),
      sum(octLines),
    );
  }

  // Pioneer: September (and a supplement repeating a line already paid: a duplicate), and October
  // with a chargeback on a sale still in force; its October total is off by ₱500.00 (the tie-out in red).
  const pioneer = inForce(ofInsurer('Pioneer Insurance'));
  const pRate = AGENCY_RATES['Pioneer Insurance']!;
  const pSept = pioneer.filter((x, i) => x.effective_date <= '2026-09-15' && i % 3 !== 2);
  const pOct = pioneer.filter((x, i) => x.effective_date > '2026-09-15' && x.effective_date <= '2026-10-31' && i % 3 !== 2);
  // Pioneer writes policy numbers its own way (lower case, spaces): the same policies once normalised.
  const pioneerLine = (x: SaleRecord, over: Partial<StatementFileLine> = {}) =>
    line(x, pRate, { policy_no: x.policy_number!.toLowerCase().replace(/-/g, ' '), ...over });
  const pSeptLines = pSept.map((x) => pioneerLine(x, { paid_on: '2026-09-28' }));
  if (pSeptLines.length > 0) {
    const pSeptImport = await importFile(
      s,
      admin,
      insurerIds.get('Pioneer Insurance')!,
      '2026-09',
      pioneerStatement('2026-09', pSeptLines),
      sum(pSeptLines),
    );
    await s.reconciliation.verifyFrom(admin, pSeptImport.id);
    const supplement = [pSeptLines[0]!];
    const file = pioneerStatement('2026-09', supplement);
    await importFile(
      s,
      admin,
      insurerIds.get('Pioneer Insurance')!,
      '2026-09',
      { ...file, file_name: 'pioneer-commissions-2026-09-supplement.csv' },
      sum(supplement),
    );
  }
  const chargedBack = pSept.at(-1);
  const pOctLines = [
    ...pOct.map((x) => pioneerLine(x, { paid_on: '2026-10-29' })),
    ...(chargedBack
      ? [
          pioneerLine(chargedBack, {
            transaction: 'Cancellation',
            commission_centavos: -Math.round((centavosOf(chargedBack.tcv) * pRate) / 400),
            premium_centavos: -Math.round(centavosOf(chargedBack.tcv) / 4),
            effective_date: '2026-10-15',
            paid_on: '2026-10-29',
          }),
        ]
      : []),
  ];
  if (pOctLines.length > 0) {
    await importFile(
      s,
      admin,
      insurerIds.get('Pioneer Insurance')!,
      '2026-10',
      pioneerStatement('2026-10', pOctLines),
      sum(pOctLines) + 50_000,
    );
  }
}

function centavosOf(pesos: number): number {
  return centavos(pesos);
}
