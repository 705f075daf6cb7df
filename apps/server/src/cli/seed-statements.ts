/**
 * The demo's insurer statements (issue 45 §7, decision 037): Malayan's (.xlsx) and Pioneer's (.csv) statements for September and
 * October 2026 imported through the reconciliation service as an administrator imports them, so
 * that a newcomer sees every state of a line: matched, differs (paid short), unmatched (a policy
 * no agent recorded, and one a person then ignores), a suggestion (a policy number mistyped by the
 * insurer), a duplicate (Pioneer's September supplement repeats a line), a chargeback on a sale
 * already cancelled and one on a sale still in force (the page offers its cancellation). The
 * September Malayan statement verifies the sales it matched; October's are left to verify, so the
 * Sales to verify page says which sales a statement has paid. Sales no statement names are the
 * missing commissions. No pseudo-random draw: the demo's other steps are unchanged by this one.
 */
import type { SaleRecord } from '@ahente/contract/sales';
import type { buildServices } from '../app.ts';
import type { Auth } from '../platform/sessions.ts';
import { sniffContentType } from '../platform/content-sniff.ts';
import { newStorageKey } from '../platform/storage.ts';
import { createHash } from 'node:crypto';
import { malayanStatement, pioneerStatement, type StatementFile, type StatementFileLine } from './statement-files.ts';

type Services = ReturnType<typeof buildServices>;

/** What an insurer pays on a product its schedule at the agency has no rate for (percent). */
const UNRATED_PERCENT = 15;

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
  // The insurers seedInsurers saved (decision 037), and the agency's schedule: the rate in force on
  // a sale's effective date for its product is what the insurer pays on it (and what the agency expects).
  const insurerIds = new Map((await s.insurers.adminList()).insurers.map((i) => [i.name, i.id] as const));
  if (!insurerIds.has('Malayan Insurance') || !insurerIds.has('Pioneer Insurance')) return;
  const schedules = new Map<string, { product: string; rate: number; effective_from: string }[]>();
  for (const name of ['Malayan Insurance', 'Pioneer Insurance']) {
    schedules.set(name, (await s.insurers.rates(insurerIds.get(name)!)).history);
  }
  const rateOf = (insurer: string, sale: SaleRecord): number =>
    schedules
      .get(insurer)!
      .filter((r) => r.product === sale.product && r.effective_from <= sale.effective_date)
      .sort((x, y) => y.effective_from.localeCompare(x.effective_from))[0]?.rate ?? UNRATED_PERCENT;

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
  const mRate = (x: SaleRecord) => rateOf('Malayan Insurance', x);
  const mSept = malayan.filter((x, i) => x.effective_date <= '2026-09-15' && i % 3 !== 2);
  const mOct = malayan.filter((x, i) => x.effective_date > '2026-09-15' && x.effective_date <= '2026-10-31' && i % 3 !== 2);
  const suggested = malayan.find((x, i) => i % 3 === 2 && x.effective_date <= '2026-09-15');
  const septLines: StatementFileLine[] = [
    ...mSept.map((x, i) =>
      // The second is paid short by ₱250.00 (differs); the others as the agency expects.
      line(
        x,
        mRate(x),
        i === 1 ? { commission_centavos: Math.round((centavosOf(x.tcv) * mRate(x)) / 100) - 25_000 } : { paid_on: '2026-09-30' },
      ),
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
  if (suggested) septLines.push(line(suggested, mRate(suggested), { policy_no: `${suggested.policy_number!}-X`, paid_on: '2026-09-30' }));
  const cancelledMalayan = ofInsurer('Malayan Insurance').find((x) => x.cancelled_on !== null);
  const octLines: StatementFileLine[] = mOct.map((x) => line(x, mRate(x), { paid_on: '2026-10-30' }));
  // The policy cancelled in force: the insurer takes its commission back (a chargeback on a sale already cancelled).
  if (cancelledMalayan) {
    octLines.push(
      line(cancelledMalayan, mRate(cancelledMalayan), {
        transaction: 'Cancellation',
        commission_centavos: -Math.round((centavosOf(cancelledMalayan.tcv) * mRate(cancelledMalayan)) / 200),
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
  const pRate = (x: SaleRecord) => rateOf('Pioneer Insurance', x);
  const pSept = pioneer.filter((x, i) => x.effective_date <= '2026-09-15' && i % 3 !== 2);
  const pOct = pioneer.filter((x, i) => x.effective_date > '2026-09-15' && x.effective_date <= '2026-10-31' && i % 3 !== 2);
  // Pioneer writes policy numbers its own way (lower case, spaces): the same policies once normalised.
  const pioneerLine = (x: SaleRecord, over: Partial<StatementFileLine> = {}) =>
    line(x, pRate(x), { policy_no: x.policy_number!.toLowerCase().replace(/-/g, ' '), ...over });
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
            commission_centavos: -Math.round((centavosOf(chargedBack.tcv) * pRate(chargedBack)) / 400),
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
