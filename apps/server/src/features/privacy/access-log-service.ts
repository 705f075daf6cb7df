import type { Kysely } from 'kysely';
import writeExcelFile, { type Row } from 'write-excel-file/node';
import { addDays } from '@ahente/contract/dates';
import {
  ACCESS_KIND_LABELS,
  ACCESS_LOG_EXPORT_LIMIT,
  type AccessKind,
  type AccessLogEntry,
  type AccessLogResponse,
  type AdminAccessLogEntry,
  type AdminAccessLogResponse,
  type AccessLogInput,
  type AdminAccessLogExportInput,
  type AdminAccessLogInput,
} from '@ahente/contract/privacy';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { fullName } from '@ahente/contract/names';
import { accessLogRepository, type AccessLogFilters, type AccessLogRow } from './access-log-repository.ts';
import { retentionRepository } from './retention-repository.ts';

/** A reader or member by name, or by id when the row is gone (a left join's nulls). */
const nameOf = (f_name: string | null, m_name: string | null, l_name: string | null, id: number) =>
  fullName({ f_name, m_name, l_name }) || `Member #${id}`;

function toEntry(r: AccessLogRow): AccessLogEntry {
  const what = r.what as AccessKind;
  return {
    id: r.id,
    at: r.at,
    what,
    what_label: ACCESS_KIND_LABELS[what] ?? r.what,
    detail: r.detail,
    actor_id: r.actor_id,
    actor_name: nameOf(r.actor_f_name, r.actor_m_name, r.actor_l_name, r.actor_id),
  };
}

function toAdminEntry(r: AccessLogRow): AdminAccessLogEntry {
  return {
    ...toEntry(r),
    subject_id: r.subject_id,
    subject_name: nameOf(r.subject_f_name, r.subject_m_name, r.subject_l_name, r.subject_id),
    ip: r.ip,
  };
}

/** The first instant of a Manila day (UTC+8, no daylight saving), as stored instants are written. */
const manilaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();

function filtersOf(input: AdminAccessLogExportInput): AccessLogFilters {
  return {
    actor: input.actor,
    subject: input.subject,
    what: input.what,
    from: input.from ? manilaDayStart(input.from) : null,
    before: input.to ? manilaDayStart(addDays(input.to, 1)) : null,
  };
}

/** '2026-11-25 14:03' in Manila time. */
export function manilaDateTime(iso: string): string {
  const t = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
}

const YEAR_MS = 365.2425 * 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/**
 * The access log of sensitive data (decision 027): a member's own entries, the admins' whole log
 * and its export, and the retention purge. The entries are written by the API scope's hook
 * (platform/access-log.ts), never here.
 */
export function createAccessLogService(db: Kysely<Database>, retention: Config['retention']) {
  return {
    /** accesslog: the reads of member `id`'s data, newest first (ownership is the route table's rule). */
    async ofMember(input: AccessLogInput): Promise<AccessLogResponse> {
      const { total, rows } = await accessLogRepository.ofSubject(db, input.id, input.pageSize, (input.page - 1) * input.pageSize);
      return { total, page: input.page, pageSize: input.pageSize, rows: rows.map(toEntry) };
    },

    /** adminaccesslog: one page of the whole log, filtered, newest first. */
    async search(input: AdminAccessLogInput): Promise<AdminAccessLogResponse> {
      const { total, rows } = await accessLogRepository.search(db, filtersOf(input), input.pageSize, (input.page - 1) * input.pageSize);
      return { total, page: input.page, pageSize: input.pageSize, rows: rows.map(toAdminEntry) };
    },

    /** adminaccesslogexport: the entries the filters find, newest first, as a workbook. */
    async exportWorkbook(input: AdminAccessLogExportInput): Promise<Buffer> {
      const { rows } = await accessLogRepository.search(db, filtersOf(input), ACCESS_LOG_EXPORT_LIMIT, 0);
      return accessLogWorkbook(rows.map(toAdminEntry));
    },

    /**
     * The hourly purge (main.ts): read notifications, settled outbox messages and access-log
     * entries past their periods (config.retention). Each is one DELETE: safe on several instances.
     */
    async purgeExpired(now: Date = new Date()): Promise<{ notifications: number; outbox: number; accessLog: number; devices: number }> {
      const t = now.getTime();
      return {
        // The device cookie lives 400 days (platform/sessions.ts): a device unseen for longer is forgotten.
        devices: await retentionRepository.purgeDevices(db, new Date(t - 400 * DAY_MS).toISOString()),
        notifications: await retentionRepository.purgeReadNotifications(
          db,
          new Date(t - retention.readNotificationsDays * DAY_MS).toISOString(),
        ),
        outbox: await retentionRepository.purgeOutbox(db, new Date(t - retention.outboxDays * DAY_MS).toISOString()),
        accessLog: await accessLogRepository.purgeBefore(db, new Date(t - retention.accessLogYears * YEAR_MS).toISOString()),
      };
    },
  };
}

export type AccessLogService = ReturnType<typeof createAccessLogService>;

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

/** The log as a workbook, one sheet 'Access log': a header row, then an entry per row, newest first; times in Manila. */
export function accessLogWorkbook(entries: readonly AdminAccessLogEntry[]): Promise<Buffer> {
  const columns: {
    label: string;
    width: number;
    cell: (e: AdminAccessLogEntry) => string | { value: number; type: NumberConstructor } | null;
  }[] = [
    { label: 'When (Manila)', width: 17, cell: (e) => manilaDateTime(e.at) },
    { label: 'Reader', width: 26, cell: (e) => e.actor_name },
    { label: 'Reader ID', width: 10, cell: (e) => ({ value: e.actor_id, type: Number }) },
    { label: 'Member', width: 26, cell: (e) => e.subject_name },
    { label: 'Member ID', width: 10, cell: (e) => ({ value: e.subject_id, type: Number }) },
    { label: 'What', width: 16, cell: (e) => e.what_label },
    { label: 'Detail', width: 34, cell: (e) => e.detail },
    { label: 'Address', width: 16, cell: (e) => e.ip },
  ];
  const data: Row[] = [columns.map((c) => bold(c.label)), ...entries.map((e): Row => columns.map((c) => c.cell(e)))];
  return writeExcelFile(data, { sheet: 'Access log', stickyRowsCount: 1, columns: columns.map((c) => ({ width: c.width })) }).toBuffer();
}
