import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import { ACCESS_KIND_LABELS, type AccessKind } from '@ahente/contract/privacy';
import type { MyDataFile } from '@ahente/contract/my-data';
import type { Database } from '../../db/schema.ts';
import { extensionForType } from '../../platform/content-sniff.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { fullName } from '@ahente/contract/names';
import { myDataRepository as repo } from './my-data-repository.ts';

/** Columns that are the portal's own plumbing, not the member's data: never exported. */
const INTERNAL = new Set(['password_hash', 'search_name', 'photo', 'valid_id', 'scan_key', 'share_token_hash']);
const PERSONAL_FIELDS = [
  'gender',
  'birthdate',
  'address',
  'address_number',
  'address_street',
  'address_region',
  'address_city',
  'address_barangay',
  'tin',
  'valid_id_type',
] as const;

const strip = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !INTERNAL.has(k)));

interface ZipEntry {
  name: string;
  json?: unknown;
  file?: { key: string; type: string | null };
}

/**
 * A member's copy of their data (decision 027): a .zip streamed as it is written (fflate), one JSON
 * file per kind (MY_DATA_FILES) and their uploaded files under files/ (the photo, the valid ID, the
 * licence scans). The JSON is read first, in one go; the files are streamed from storage one after
 * another, so no whole file is held in memory.
 */
export function createMyDataService(db: Kysely<Database>, deps: { storage: FileStorage }) {
  async function entries(memberId: number): Promise<ZipEntry[]> {
    const m = await repo.memberOf(db, memberId);
    if (!m) throw notFound('Member not found');
    const own = await Promise.all(
      (
        [
          'bank_details',
          'certifications',
          'licenses',
          'deals',
          'sales',
          'commission_entries',
          'commission_statements',
          'member_withholding',
        ] as const
      ).map((t) => repo.rowsOf(db, t, memberId)),
    );
    const [bank, certifications, licences, deals, sales, entriesRows, statements, withholding] = own;
    const [proposals, tickets, notifications, consents, accessLog, requests] = await Promise.all([
      repo.proposalsOf(db, memberId),
      repo.ticketsOf(db, memberId),
      repo.notificationsOf(db, memberId),
      repo.consentsOf(db, memberId),
      repo.accessLogOf(db, memberId),
      repo.privacyRequestsOf(db, memberId),
    ]);
    const profile = strip(Object.fromEntries(Object.entries(m).filter(([k]) => !(PERSONAL_FIELDS as readonly string[]).includes(k))));
    const personal = Object.fromEntries(PERSONAL_FIELDS.map((k) => [k, m[k]]));
    const json: Record<MyDataFile, unknown> = {
      profile: { ...profile, has_photo: m.photo !== null, has_valid_id: m.valid_id !== null },
      'personal-details': personal,
      'bank-details': bank!.map(strip),
      certifications: certifications!.map(strip),
      licences: licences!.map((l) => ({ ...strip(l), has_scan: l.scan_key !== null })),
      deals: deals!.map(strip),
      // The link's token is a credential (only its hash is stored): not the member's data.
      proposals: proposals.map(strip),
      sales: sales!.map(strip),
      'commission-entries': entriesRows!.map(strip),
      'commission-statements': statements!.map(strip),
      withholding: withholding!.map(strip),
      tickets,
      notifications,
      consents,
      'access-log': accessLog.map((a) => ({
        at: a.at,
        what: ACCESS_KIND_LABELS[a.what as AccessKind] ?? a.what,
        detail: a.detail,
        by: fullName({ f_name: a.f_name, m_name: a.m_name, l_name: a.l_name }) || `Member #${a.actor_id}`,
      })),
      'privacy-requests': requests,
    };
    const files: ZipEntry[] = [];
    if (m.photo) files.push({ name: `files/photo.${extensionForType(m.photo_type ?? '')}`, file: { key: m.photo, type: m.photo_type } });
    if (m.valid_id)
      files.push({ name: `files/valid-id.${extensionForType(m.valid_id_type ?? '')}`, file: { key: m.valid_id, type: m.valid_id_type } });
    for (const l of licences!) {
      if (typeof l.scan_key === 'string') {
        const type = typeof l.scan_type === 'string' ? l.scan_type : '';
        files.push({ name: `files/licence-${String(l.id)}.${extensionForType(type)}`, file: { key: l.scan_key, type } });
      }
    }
    return [...Object.entries(json).map(([name, value]) => ({ name: `${name}.json`, json: value })), ...files];
  }

  return {
    /** The zip as a stream; the member's rows are read before the first byte, so a 404 is still an answer. */
    async export(memberId: number, log: Pick<FastifyBaseLogger, 'error'>): Promise<Readable> {
      const list = await entries(memberId);
      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) {
          out.destroy(err);
          return;
        }
        out.write(chunk);
        if (final) out.end();
      });
      const write = async () => {
        for (const e of list) {
          if (e.json !== undefined) {
            const f = new ZipDeflate(e.name, { level: 6 });
            zip.add(f);
            f.push(new TextEncoder().encode(JSON.stringify(e.json, null, 2)), true);
            continue;
          }
          const stored = await deps.storage.get(e.file!.key);
          if (!stored) continue; // a file the row names but storage lost: left out, not invented
          // Photos, IDs and scans are compressed already: stored as they are.
          const f = new ZipPassThrough(e.name);
          zip.add(f);
          for await (const chunk of stored.stream) f.push(chunk as Uint8Array);
          f.push(new Uint8Array(0), true);
        }
        zip.end();
      };
      write().catch((err: unknown) => {
        log.error({ err }, 'the copy of a member’s data could not be written');
        zip.terminate();
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return out;
    },
  };
}

export type MyDataService = ReturnType<typeof createMyDataService>;
