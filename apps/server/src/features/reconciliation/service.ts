/**
 * The statements' rules (decision 037), in one service on purpose (over 500 lines): preview, import
 * and matching, the lines resolved by hand, verifying from a statement and undoing an import all
 * decide the same lines' states in the same transactions; reading a file is read-statement.ts, the
 * SQL the repository's, missing commissions and revenue revenue-service.ts.
 */
import type { Kysely } from 'kysely';
import { scheduleAt } from '@ahente/contract/dates';
import { centavosToPesos } from '@ahente/contract/money';
import { fullName } from '@ahente/contract/names';
import { encodeCursor } from '@ahente/contract/paging';
import {
  LINE_REASONS,
  MATCH_TOLERANCE_CENTAVOS,
  MAX_REPORTED_BAD_ROWS,
  PREVIEW_ROWS,
  STATEMENT_MAX_LINES,
  STATEMENT_TRANSACTIONS,
  importStatementFields,
  previewStatementFields,
  type ImportStatementInput,
  type LineSaleSummary,
  type PreviewRow,
  type PreviewStatementResponse,
  type StatementImportRecord,
  type StatementImportsResponse,
  type StatementLineRecord,
  type StatementLinesInput,
  type StatementLinesResponse,
  type StatementMappingRecord,
  type StatementTransaction,
  type UndoImportResponse,
  type VerifyFromStatementResponse,
} from '@ahente/contract/reconciliation';
import type { Exec } from '../../db/exec.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, StatementLineStatus } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ReceivedUpload, StoredUpload } from '../../platform/uploads.ts';
import { nowIso } from '../../platform/tokens.ts';
import type { SalesService } from '../sales/service.ts';
import {
  LINE_LIMIT_MESSAGE,
  StatementFormatError,
  cellText,
  columnIndexes,
  readLine,
  readRows,
  scanStatement,
  type ReadLine,
  type StatementKind,
  yieldToEventLoop,
} from './read-statement.ts';
import { reconciliationRepository as repo, type ImportRow, type LineDetailRow, type MatchSale, type NewLine } from './repository.ts';

/** Lines matched and written per batch: one query of sales, one of earlier lines, one insert. */
const BATCH = 500;

/** The file kind from its sniffed type (the upload allows .xlsx and .csv only). */
export function kindOf(upload: StoredUpload): StatementKind {
  return upload.contentType.startsWith('text/csv') ? 'csv' : 'xlsx';
}

interface Rate {
  product: string;
  rate_hundredths: number;
  effective_from: string;
}

/** What the agency expects on a sale: its premium × the agency's rate on its effective date; null without a rate. */
function expectedOf(sale: MatchSale, rates: ReadonlyMap<string, Rate[]>): number | null {
  const { current } = scheduleAt(rates.get(sale.product) ?? [], sale.effective_date);
  return current ? Math.round((Number(sale.tcv_centavos) * current.rate_hundredths) / 10_000) : null;
}

/** The state of a line linked to a sale, by its amount against the expected. */
function stateForSale(
  received: number,
  transaction: string | null,
  expected: number | null,
): { status: StatementLineStatus; reason: string } {
  if (received < 0 || transaction === 'cancellation') {
    return { status: 'chargeback', reason: received < 0 ? LINE_REASONS.negative : LINE_REASONS.cancellation };
  }
  if (expected === null) return { status: 'matched', reason: LINE_REASONS.noRate };
  if (Math.abs(received - expected) <= MATCH_TOLERANCE_CENTAVOS) return { status: 'matched', reason: LINE_REASONS.matched };
  return { status: 'differs', reason: received < expected ? LINE_REASONS.paidShort : LINE_REASONS.paidOver };
}

/** A customer's name as compared for suggestions: lower case, single spaces; "Cruz, Juan" also as "juan cruz". */
function nameKeys(name: string | null): string[] {
  if (!name) return [];
  const plain = name.toLowerCase().replace(/\s+/g, ' ').trim();
  const comma = /^([^,]+),\s*(.+)$/.exec(plain);
  return comma ? [plain, `${comma[2]} ${comma[1]}`] : [plain];
}

/** Among sales of one policy key, the one a line is of: effective on or before the line's date, latest first; counted sales first. */
function pickSale(candidates: readonly MatchSale[], line: { effective_date: string | null }): MatchSale | null {
  if (candidates.length === 0) return null;
  const live = candidates.filter((s) => s.verification !== 'rejected');
  const pool = live.length ? live : candidates;
  const byDate = [...pool].sort((a, b) =>
    a.effective_date < b.effective_date ? 1 : a.effective_date > b.effective_date ? -1 : b.id - a.id,
  );
  if (line.effective_date) {
    const exact = byDate.find((s) => s.effective_date === line.effective_date);
    if (exact) return exact;
    const before = byDate.find((s) => s.effective_date <= line.effective_date!);
    if (before) return before;
  }
  return byDate[0]!;
}

export function createReconciliationService(db: Kysely<Database>, deps: { sales: SalesService; storage: FileStorage; now?: () => Date }) {
  const at = () => (deps.now ? deps.now().toISOString() : nowIso());

  async function requireInsurer(exec: Exec, id: number) {
    const insurer = await repo.insurer(exec, id);
    if (!insurer) throw notFound('Insurer not found');
    return insurer;
  }

  async function importRecords(exec: Exec, rows: readonly ImportRow[]): Promise<StatementImportRecord[]> {
    const ids = rows.map((r) => r.id);
    const [counts, verified, posted] = await Promise.all([
      repo.statusCounts(exec, ids),
      repo.verifiedCounts(exec, ids),
      repo.postedImports(exec, ids),
    ]);
    const postedSet = new Set(posted);
    return rows.map((r) => {
      const n = (status: StatementLineStatus) => Number(counts.find((c) => c.import_id === r.id && c.status === status)?.n ?? 0);
      const received = Number(r.received_centavos);
      const total = r.statement_total_centavos === null ? null : Number(r.statement_total_centavos);
      return {
        id: r.id,
        insurer_id: r.insurer_id,
        insurer_name: r.insurer_name,
        period: r.period,
        file_name: r.file_name,
        lines: r.lines,
        matched: n('matched'),
        differs: n('differs'),
        unmatched: n('unmatched'),
        duplicates: n('duplicate'),
        chargebacks: n('chargeback'),
        ignored: n('ignored'),
        received_total: centavosToPesos(received),
        statement_total: total === null ? null : centavosToPesos(total),
        tie_out_difference: total === null ? null : centavosToPesos(received - total),
        verified: Number(verified.find((v) => v.import_id === r.id)?.n ?? 0),
        created_at: r.created_at,
        created_by_name:
          r.creator_f_name === null ? null : fullName({ f_name: r.creator_f_name, m_name: r.creator_m_name, l_name: r.creator_l_name }),
        undone_at: r.undone_at,
        undone_by_name:
          r.undoer_f_name === null ? null : fullName({ f_name: r.undoer_f_name, m_name: r.undoer_m_name, l_name: r.undoer_l_name }),
        undo_reason: r.undo_reason,
        can_undo: r.undone_at === null && !postedSet.has(r.id),
      };
    });
  }

  async function importRecord(exec: Exec, id: number): Promise<StatementImportRecord> {
    const row = await repo.importById(exec, id);
    if (!row) throw notFound('Import not found');
    return (await importRecords(exec, [row]))[0]!;
  }

  async function lineRecords(exec: Exec, rows: readonly LineDetailRow[]): Promise<StatementLineRecord[]> {
    const decisions = await repo.decisions(
      exec,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const d = decisions.find((x) => x.line_id === r.id);
      const summary = (p: 's' | 'g', id: number | null): LineSaleSummary | null => {
        const x = r as unknown as Record<string, unknown>;
        if (id === null || x[`${p}_customer_name`] === null || x[`${p}_customer_name`] === undefined) return null;
        return {
          id,
          customer_name: x[`${p}_customer_name`] as string,
          policy_number: x[`${p}_policy_number`] as string | null,
          product: x[`${p}_product`] as string,
          tcv: centavosToPesos(Number(x[`${p}_tcv_centavos`])),
          effective_date: x[`${p}_effective_date`] as string,
          agent_name: fullName({
            f_name: (x[`${p}_f_name`] as string | null) ?? '',
            m_name: x[`${p}_m_name`] as string | null,
            l_name: (x[`${p}_l_name`] as string | null) ?? '',
          }),
          verification: x[`${p}_verification`] as LineSaleSummary['verification'],
          cancelled_on: x[`${p}_cancelled_on`] as string | null,
        };
      };
      return {
        id: r.id,
        import_id: r.import_id,
        row_no: r.row_no,
        policy_no: r.policy_no,
        insured_name: r.insured_name,
        transaction: (STATEMENT_TRANSACTIONS as readonly string[]).includes(r.transaction ?? '')
          ? (r.transaction as StatementTransaction)
          : null,
        premium: r.premium_centavos === null ? null : centavosToPesos(Number(r.premium_centavos)),
        received: centavosToPesos(Number(r.commission_centavos)),
        expected: r.expected_centavos === null ? null : centavosToPesos(Number(r.expected_centavos)),
        effective_date: r.effective_date,
        paid_on: r.paid_on,
        status: r.status,
        reason: r.reason,
        sale: summary('s', r.sale_id),
        suggestion: summary('g', r.suggested_sale_id),
        duplicate_of:
          r.duplicate_of === null || r.d_import_id === null
            ? null
            : { line_id: r.duplicate_of, import_id: r.d_import_id, period: r.d_period ?? '', row_no: r.d_row_no ?? 0 },
        decision: d
          ? {
              action: d.action,
              by_name: d.f_name === null ? null : fullName({ f_name: d.f_name, m_name: d.m_name, l_name: d.l_name ?? '' }),
              at: d.decided_at,
              reason: d.reason,
            }
          : null,
        verified_here: r.v_id !== null,
      };
    });
  }

  /** Reads the whole file: its header and every line, or the unreadable rows (422). */
  async function readAll(upload: StoredUpload, mapping: StatementMappingRecord): Promise<{ headerRow: number; lines: ReadLine[] }> {
    const file = await deps.storage.get(upload.key);
    if (!file) throw badRequest('The file could not be read');
    let headerRow = 0;
    let index: ReturnType<typeof columnIndexes> | null = null;
    const lines: ReadLine[] = [];
    const bad: { row_no: number; message: string }[] = [];
    let badCount = 0;
    let tooMany = false;
    await scanStatement(
      readRows(file.stream, kindOf(upload)),
      (head) => {
        headerRow = head.headerRow;
        index = columnIndexes(head.columns, mapping);
      },
      (row) => {
        const outcome = readLine(row, index!);
        if ('blank' in outcome) return;
        if ('error' in outcome) {
          badCount++;
          if (bad.length < MAX_REPORTED_BAD_ROWS) bad.push({ row_no: row.rowNo, message: outcome.error });
          return;
        }
        if (lines.length >= STATEMENT_MAX_LINES) {
          tooMany = true;
          return false;
        }
        lines.push(outcome.line);
      },
    );
    if (tooMany) throw badRequest(LINE_LIMIT_MESSAGE);
    if (badCount) {
      const first = bad.slice(0, 5).map((b) => `row ${b.row_no}: ${b.message}`);
      throw new HttpError(
        422,
        `${badCount} line${badCount > 1 ? 's' : ''} cannot be read, nothing was imported (${first.join('; ')}${badCount > 5 ? '; …' : ''})`,
        { rows: bad, bad_rows: badCount },
      );
    }
    if (lines.length === 0) throw badRequest('The statement has no lines under its header row');
    return { headerRow, lines };
  }

  /** Matches a batch of lines to the insurer's sales: one query of sales, one of earlier lines, one of names. */
  async function matchBatch(
    trx: Exec,
    importId: number,
    insurerId: number,
    period: string,
    batch: readonly ReadLine[],
    rates: ReadonlyMap<string, Rate[]>,
  ): Promise<NewLine[]> {
    const keys = [...new Set(batch.map((l) => l.policy_key))];
    const [sales, earlier] = await Promise.all([
      repo.salesByPolicy(trx, insurerId, keys),
      repo.earlierLines(trx, insurerId, period, keys, importId),
    ]);
    const salesByKey = new Map<string, MatchSale[]>();
    for (const s of sales) salesByKey.set(s.policy_key!, [...(salesByKey.get(s.policy_key!) ?? []), s]);
    const earlierByKey = new Map<string, { id: number; commission_centavos: number }[]>();
    for (const e of earlier) earlierByKey.set(e.policy_key, [...(earlierByKey.get(e.policy_key) ?? []), e]);

    const out: NewLine[] = [];
    const needSuggestion: number[] = [];
    for (const l of batch) {
      const sale = pickSale(salesByKey.get(l.policy_key) ?? [], l);
      const base: NewLine = {
        import_id: importId,
        row_no: l.row_no,
        policy_no: l.policy_no,
        policy_key: l.policy_key,
        insured_name: l.insured_name,
        transaction: l.transaction,
        premium_centavos: l.premium_centavos,
        commission_centavos: l.commission_centavos,
        effective_date: l.effective_date,
        paid_on: l.paid_on,
        status: 'unmatched',
        reason: LINE_REASONS.noSale,
        sale_id: sale?.id ?? null,
        expected_centavos: sale ? expectedOf(sale, rates) : null,
        suggested_sale_id: null,
        duplicate_of: null,
      };
      const dup = (earlierByKey.get(l.policy_key) ?? []).find((e) => Number(e.commission_centavos) === l.commission_centavos);
      if (dup) {
        out.push({ ...base, status: 'duplicate', reason: LINE_REASONS.duplicate, duplicate_of: dup.id });
      } else if (sale) {
        out.push({ ...base, ...stateForSale(l.commission_centavos, l.transaction, base.expected_centavos) });
      } else if (l.commission_centavos < 0 || l.transaction === 'cancellation') {
        out.push({ ...base, status: 'chargeback', reason: LINE_REASONS.chargebackNoSale });
      } else {
        out.push(base);
        if (l.insured_name && l.premium_centavos !== null) needSuggestion.push(out.length - 1);
      }
    }
    if (needSuggestion.length) {
      const names = [...new Set(needSuggestion.flatMap((i) => nameKeys(out[i]!.insured_name)))];
      const candidates = await repo.salesByNames(trx, insurerId, names);
      for (const i of needSuggestion) {
        const line = out[i]!;
        const keysOf = nameKeys(line.insured_name);
        const hit = candidates.find(
          (s) =>
            keysOf.includes(s.customer_name.toLowerCase().replace(/\s+/g, ' ').trim()) &&
            Math.abs(Number(s.tcv_centavos) - line.premium_centavos!) <= MATCH_TOLERANCE_CENTAVOS,
        );
        if (hit) out[i] = { ...line, suggested_sale_id: hit.id, reason: LINE_REASONS.suggestion };
      }
    }
    return out;
  }

  return {
    /** previewstatement: the header, columns, the proposed mapping and the first lines as read. Nothing is saved. */
    async preview(upload: ReceivedUpload): Promise<PreviewStatementResponse> {
      try {
        const parsed = previewStatementFields.safeParse(upload.fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid form');
        if (!upload.file) throw badRequest('Choose a statement file (.xlsx or .csv)');
        const insurer = await requireInsurer(db, parsed.data.insurer_id);
        const file = await deps.storage.get(upload.file.key);
        if (!file) throw badRequest('The file could not be read');
        let saved: StatementMappingRecord | null = null;
        if (insurer.statement_mapping) {
          try {
            saved = JSON.parse(insurer.statement_mapping) as StatementMappingRecord;
          } catch {
            saved = null;
          }
        }
        let head: { headerRow: number; columns: string[]; mapping: StatementMappingRecord; saved: boolean } | null = null;
        let index: ReturnType<typeof columnIndexes> | null = null;
        const rows: PreviewRow[] = [];
        await scanStatement(
          readRows(file.stream, kindOf(upload.file)),
          (h) => {
            // The saved mapping, when every column it names is in this file; else the guess.
            let mapping = h.guessed;
            let isSaved = false;
            if (saved) {
              try {
                index = columnIndexes(h.columns, saved);
                mapping = saved;
                isSaved = true;
              } catch {
                index = null;
              }
            }
            index ??= columnIndexes(h.columns, mapping);
            head = { headerRow: h.headerRow, columns: h.columns, mapping, saved: isSaved };
          },
          (row) => {
            const outcome = readLine(row, index!);
            if ('blank' in outcome) return;
            const cells = head!.columns.map((_, i) => cellText(row.cells[i]));
            if ('error' in outcome) {
              rows.push({
                row_no: row.rowNo,
                cells,
                read: {
                  policy_no: null,
                  commission: null,
                  premium: null,
                  insured_name: null,
                  transaction: null,
                  effective_date: null,
                  paid_on: null,
                },
                error: outcome.error,
              });
            } else {
              const l = outcome.line;
              rows.push({
                row_no: row.rowNo,
                cells,
                read: {
                  policy_no: l.policy_no,
                  commission: centavosToPesos(l.commission_centavos),
                  premium: l.premium_centavos === null ? null : centavosToPesos(l.premium_centavos),
                  insured_name: l.insured_name,
                  transaction: l.transaction,
                  effective_date: l.effective_date,
                  paid_on: l.paid_on,
                },
                error: null,
              });
            }
            return rows.length < PREVIEW_ROWS;
          },
        );
        const h = head as unknown as { headerRow: number; columns: string[]; mapping: StatementMappingRecord; saved: boolean };
        return { header_row: h.headerRow, columns: h.columns, mapping: h.mapping, mapping_saved: h.saved, rows };
      } catch (err) {
        throw err instanceof StatementFormatError ? badRequest(err.message) : err;
      } finally {
        if (upload.file) await deps.storage.delete(upload.file.key).catch(() => {});
      }
    },

    /**
     * importstatement: reads every line (422 listing the unreadable ones, nothing saved), then in
     * one transaction writes the import and its lines, matched in batches, and saves the mapping
     * as the insurer's. The same bytes while their import stands: 409 naming it.
     */
    async importFile(auth: Auth, upload: ReceivedUpload): Promise<StatementImportRecord> {
      try {
        const parsed = importStatementFields.safeParse(upload.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(issue?.message ?? 'Invalid form');
        }
        const input: ImportStatementInput = parsed.data;
        if (!upload.file) throw badRequest('Choose a statement file (.xlsx or .csv)');
        const file = upload.file;
        const insurer = await requireInsurer(db, input.insurer_id);
        const sha = file.sha256 ?? '';
        const already = async () => {
          const first = await repo.standingBySha(db, sha);
          if (!first) return null;
          return new HttpError(
            409,
            `This file was imported already: import #${first.id} (${first.period}, ${first.created_at.slice(0, 10)})`,
            {
              import_id: first.id,
              period: first.period,
              created_at: first.created_at,
            },
          );
        };
        const dup = await already();
        if (dup) throw dup;
        const mapping: StatementMappingRecord = {
          policy_no: input.mapping.policy_no,
          commission: input.mapping.commission,
          premium: input.mapping.premium,
          insured_name: input.mapping.insured_name,
          transaction: input.mapping.transaction,
          effective_date: input.mapping.effective_date,
          paid_on: input.mapping.paid_on,
        };
        const trace = process.env.AHENTE_TRACE_IMPORT ? performance.now() : 0;
        const { headerRow, lines } = await readAll(file, mapping);
        if (trace) console.log(`  read ${lines.length} lines in ${((performance.now() - trace) / 1000).toFixed(2)} s`);
        const when = at();
        let importId: number;
        try {
          importId = await db.transaction().execute(async (trx) => {
            const id = await repo.insertImport(trx, {
              insurer_id: insurer.id,
              period: input.period,
              file_name: file.fileName.slice(0, 200),
              file_sha256: sha,
              mapping: JSON.stringify(mapping),
              header_row: headerRow,
              statement_total_centavos: input.statement_total === null ? null : Math.round(input.statement_total * 100),
              created_at: when,
              created_by: auth.memberId,
            });
            const rateRows = await repo.rates(trx, insurer.id);
            const rates = new Map<string, Rate[]>();
            for (const r of rateRows) rates.set(r.product, [...(rates.get(r.product) ?? []), r]);
            let received = 0;
            for (let i = 0; i < lines.length; i += BATCH) {
              const batch = lines.slice(i, i + BATCH);
              await repo.insertLines(trx, await matchBatch(trx, id, insurer.id, input.period, batch, rates));
              // SQLite's queries are synchronous: a turn of the event loop between batches lets other requests in.
              await yieldToEventLoop();
            }
            for (const l of lines) received += l.commission_centavos;
            await repo.setImportTotals(trx, id, lines.length, received);
            await repo.saveMapping(trx, insurer.id, JSON.stringify(mapping), when);
            return id;
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw (await already()) ?? conflict('This file was imported already');
          throw err;
        }
        if (trace) console.log(`  read and matched in ${((performance.now() - trace) / 1000).toFixed(2)} s`);
        return importRecord(db, importId);
      } catch (err) {
        throw err instanceof StatementFormatError ? badRequest(err.message) : err;
      } finally {
        if (upload.file) await deps.storage.delete(upload.file.key).catch(() => {});
      }
    },

    async imports(insurerId: number | null): Promise<StatementImportsResponse> {
      return { imports: await importRecords(db, await repo.imports(db, insurerId)) };
    },

    async lines(input: StatementLinesInput): Promise<StatementLinesResponse> {
      const record = await importRecord(db, input.import_id);
      const status = input.status;
      const [rows, count] = await Promise.all([
        repo.linesPage(db, input.import_id, status, input.cursor?.id ?? null, input.limit + 1),
        repo.countLines(db, input.import_id, status),
      ]);
      const page = rows.slice(0, input.limit);
      const last = page[page.length - 1];
      return {
        import: record,
        rows: await lineRecords(db, page),
        next_cursor: rows.length > input.limit && last ? encodeCursor('statement_lines', { date: '', id: last.id }) : null,
        count,
      };
    },

    /** matchstatementline: the line linked to a sale of the import's insurer, its state by the amounts; recorded. */
    async matchLine(auth: Auth, lineId: number, saleId: number): Promise<StatementLineRecord> {
      await db.transaction().execute(async (trx) => {
        const line = await repo.lockLine(trx, lineId);
        if (!line) throw notFound('Statement line not found');
        if (line.undone_at !== null) throw conflict('This import was undone: its lines can no longer be changed');
        if (await repo.lineVerified(trx, lineId)) throw conflict('This line verified its sale: undo the import to change it');
        const sale = await repo.saleForMatch(trx, saleId);
        if (!sale) throw notFound('Sale not found');
        if (sale.insurer_id !== line.insurer_id) throw badRequest("This sale is not of the statement's insurer");
        if (sale.verification === 'rejected') throw badRequest('A rejected sale cannot be matched');
        const rateRows = await repo.rates(trx, line.insurer_id);
        const rates = new Map<string, Rate[]>();
        for (const r of rateRows) rates.set(r.product, [...(rates.get(r.product) ?? []), r]);
        const expected = expectedOf(sale, rates);
        const state = stateForSale(Number(line.commission_centavos), line.transaction, expected);
        await repo.updateLine(trx, lineId, {
          status: state.status,
          reason: state.reason,
          sale_id: sale.id,
          expected_centavos: expected,
          suggested_sale_id: null,
          duplicate_of: null,
        });
        await repo.insertDecision(trx, {
          line_id: lineId,
          action: 'match',
          from_status: line.status,
          to_status: state.status,
          sale_id: sale.id,
          reason: LINE_REASONS.matchedByHand,
          decided_at: at(),
          decided_by: auth.memberId,
        });
      });
      return (await lineRecords(db, [(await repo.lineWithDetails(db, lineId))!]))[0]!;
    },

    /** ignorestatementline: the line set aside with a reason; recorded. */
    async ignoreLine(auth: Auth, lineId: number, reason: string): Promise<StatementLineRecord> {
      await db.transaction().execute(async (trx) => {
        const line = await repo.lockLine(trx, lineId);
        if (!line) throw notFound('Statement line not found');
        if (line.undone_at !== null) throw conflict('This import was undone: its lines can no longer be changed');
        if (line.status === 'ignored') throw conflict('This line is ignored already');
        if (await repo.lineVerified(trx, lineId)) throw conflict('This line verified its sale: undo the import to change it');
        await repo.updateLine(trx, lineId, { status: 'ignored', reason });
        await repo.insertDecision(trx, {
          line_id: lineId,
          action: 'ignore',
          from_status: line.status,
          to_status: 'ignored',
          sale_id: line.sale_id,
          reason,
          decided_at: at(),
          decided_by: auth.memberId,
        });
      });
      return (await lineRecords(db, [(await repo.lineWithDetails(db, lineId))!]))[0]!;
    },

    /**
     * verifyfromstatement: in one transaction, the import's row locked first and then the sales
     * in id order (the same order as verifysales), every unverified sale it matched (matched or
     * differs) verified with its line as the evidence; decision 018's refusals skipped with reasons.
     */
    async verifyFrom(auth: Auth, importId: number): Promise<VerifyFromStatementResponse> {
      const when = at();
      return db.transaction().execute(async (trx) => {
        const imp = await repo.lockImport(trx, importId);
        if (!imp) throw notFound('Import not found');
        if (imp.undone_at !== null) throw conflict('This import was undone');
        const lines = await repo.verifiable(trx, importId);
        const lineOf = new Map<number, number>();
        for (const l of lines) if (!lineOf.has(l.sale_id!)) lineOf.set(l.sale_id!, l.line_id);
        const saleIds = [...lineOf.keys()];
        const { verified, skipped } = await deps.sales.verifyFromEvidence(trx, auth, saleIds, when);
        await repo.insertVerifications(
          trx,
          verified.map((s) => ({
            sale_id: s.id,
            import_id: importId,
            line_id: lineOf.get(s.id)!,
            verified_at: when,
            verified_by: auth.memberId,
          })),
        );
        return {
          verified: verified.length,
          tcv: centavosToPesos(verified.reduce((sum, s) => sum + s.tcv_centavos, 0)),
          skipped: skipped.map((s) => ({ sale_id: s.id, line_id: lineOf.get(s.id)!, reason: s.reason })),
        };
      });
    },

    /**
     * undoimport: the import marked undone (who, when, why) and what it decided taken back: its
     * verifications undone and their sales back to unverified. Refused once one of those sales has
     * an entry posted by a close (decision 016: a statement is history). Lines and decisions stay.
     */
    async undo(auth: Auth, importId: number, reason: string): Promise<UndoImportResponse> {
      const when = at();
      const unverified = await db.transaction().execute(async (trx) => {
        const imp = await repo.lockImport(trx, importId);
        if (!imp) throw notFound('Import not found');
        if (imp.undone_at !== null) throw conflict('This import was undone already');
        const saleIds = await repo.standingVerifiedSales(trx, importId);
        const n = await deps.sales.undoVerification(trx, saleIds);
        if ((await repo.undoImport(trx, importId, when, auth.memberId, reason)) !== 1) throw conflict('This import was undone already');
        return n;
      });
      return { import: await importRecord(db, importId), unverified };
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
