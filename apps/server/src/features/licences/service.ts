import type { Kysely } from 'kysely';
import {
  addLicenseRequest,
  expiringLicenceAlerts,
  holdReason,
  LICENSE_EXPIRY_WARNING_DAYS,
  LICENSE_LINES,
  licenceCover,
  linesFor,
  linesLabel,
  RENEWAL_COMMISSION_PESOS,
  type AddLicense,
  type ComplianceLicense,
  type ComplianceResponse,
  type LicenceAlertsResponse,
  type LicenseLine,
  type LicenseRecord,
  type UnlicensedSeller,
  type VerifyLicenceInput,
} from '@ahente/contract/licences';
import { addDays, daysUntil, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos, pesosToCentavos } from '@ahente/contract/money';
import { fullName } from '@ahente/contract/names';
import { pathOf, routePaths } from '@ahente/contract/route-paths';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isAdmin } from '../../platform/guards.ts';
import type { Auth } from '../../platform/sessions.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ReceivedUpload } from '../../platform/uploads.ts';
import { fileTag, type OpenedFile } from '../members/member-files-service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { TeamService } from '../members/team-service.ts';
import { licencesRepository as repo, type LicenceRow } from './repository.ts';
import type { Exec } from '../../db/exec.ts';

/** Where licence scans are stored (keys `licence-scans/<uuid>`). */
export const LICENCE_SCAN_KEY_PREFIX = 'licence-scans';

const LICENCE_MESSAGES = {
  notFound: 'Licence not found',
  notYours: 'You may only see the licences of your own account or of members you lead',
  futureIssue: 'Issued on cannot be a future date',
  ownLicence: 'You may not verify your own licence',
  decided: (status: string) => `This licence is already ${status}`,
} as const;

/**
 * Insurance Commission licences (decision 018): a member's own are pending until an admin verifies
 * them; an admin's are verified at once. Commission is payable to an earner only with a verified
 * licence for one of the product's lines whose term covers the recording day.
 */
export function createLicencesService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember' | 'audit'>,
  deps: { team: Pick<TeamService, 'leadersIn'>; storage: FileStorage; now?: () => Date },
) {
  const now = () => deps.now?.() ?? new Date();

  /** As the member and admins see it (`full`), or as a leader does: no number, no scan. */
  function toRecord(r: LicenceRow, today: string, full: boolean): LicenseRecord {
    return {
      id: r.id,
      member_id: r.member_id,
      line: r.line,
      license_no: full ? r.license_no : null,
      insurer: r.insurer,
      issued_on: r.issued_on,
      expires_on: r.expires_on,
      status: r.status,
      decided_by_name:
        r.decider_f_name === null ? null : fullName({ f_name: r.decider_f_name, m_name: r.decider_m_name, l_name: r.decider_l_name }),
      decided_at: r.decided_at,
      rejection_reason: r.rejection_reason,
      days_to_expiry: daysUntil(r.expires_on, today),
      has_scan: full && r.scan_key !== null,
      scan_url: full && r.scan_key !== null ? `${pathOf(routePaths.licenseScan, { licenseId: r.id })}?v=${fileTag(r.scan_key)}` : null,
      created_at: r.created_at,
    };
  }
  const toCompliance = (r: LicenceRow, today: string): ComplianceLicense => ({ ...toRecord(r, today, true), member_name: fullName(r) });

  async function add(auth: Auth, input: AddLicense, scan: { key: string; contentType: string } | null): Promise<LicenseRecord> {
    const at = now();
    const today = todayInManila(at);
    if (input.issued_on > today) throw badRequest(LICENCE_MESSAGES.futureIssue);
    await members.requireMember(input.id);
    // Whether the caller may add for member `id` was decided by the route table's owner rule. An
    // admin's licence for another member is verified at once; an admin's own waits for another
    // admin, as their own sales do (separation of duties, decision 018).
    const admin = isAdmin(auth) && input.id !== auth.memberId;
    const id = await db.transaction().execute(async (trx) => {
      const licenceId = await repo.insert(trx, {
        member_id: input.id,
        line: input.line,
        license_no: input.license_no,
        insurer: input.insurer,
        issued_on: input.issued_on,
        expires_on: input.expires_on,
        scan_key: scan?.key ?? null,
        scan_type: scan?.contentType ?? null,
        status: admin ? 'verified' : 'pending',
        decided_by: admin ? auth.memberId : null,
        decided_at: admin ? at.toISOString() : null,
        rejection_reason: null,
        created_by: auth.memberId,
        created_at: at.toISOString(),
      });
      if (admin) {
        await members.audit(trx, {
          member_id: input.id,
          actor_id: auth.memberId,
          action: 'licence_added',
          changes: [{ field: 'licence', from: null, to: `${input.line}, ${input.issued_on} to ${input.expires_on} (verified)` }],
          at: at.toISOString(),
        });
      }
      return licenceId;
    });
    return toRecord((await repo.byId(db, id))!, today, true);
  }

  /** Licences of a member whose lines allow selling `product`, verified and covering `day`: the earners among `memberIds` that may be paid. */
  function coveredEarners(exec: Exec, memberIds: readonly number[], product: string, day: string): Promise<Set<number>> {
    return repo.covered(exec, memberIds, linesFor(product), day);
  }

  return {
    /** addlicense as JSON. */
    add: (auth: Auth, input: AddLicense) => add(auth, input, null),

    /**
     * addlicense as multipart/form-data with an optional scan, already stored by
     * platform/uploads.ts (its owner checked before any byte was stored). Whatever fails, the
     * stored scan is removed.
     */
    async addForm(auth: Auth, upload: ReceivedUpload): Promise<LicenseRecord> {
      try {
        const parsed = addLicenseRequest.safeParse(upload.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new HttpError(400, issue?.message ?? 'Invalid form', {
            details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
          });
        }
        return await add(auth, parsed.data, upload.file);
      } catch (err) {
        if (upload.file) await deps.storage.delete(upload.file.key).catch(() => undefined);
        throw err;
      }
    },

    /**
     * getlicenses: the member and admins see everything; the member's Manager, Agency Manager and
     * Agency Owner see each licence's line, status and term, never its number or scan.
     */
    async list(auth: Auth, memberId: number): Promise<LicenseRecord[]> {
      const full = auth.memberId === memberId || isAdmin(auth);
      if (!full) {
        const leaders = await deps.team.leadersIn(db, memberId);
        if (!leaders.some((l) => l.id === auth.memberId)) throw forbidden(LICENCE_MESSAGES.notYours);
      }
      await members.requireMember(memberId);
      const today = todayInManila(now());
      return (await repo.ofMember(db, memberId)).map((r) => toRecord(r, today, full));
    },

    /**
     * licencealerts: the lines the member sells (from every sale's product, as the dashboard
     * reminder always read them) whose licence expires within LICENSE_EXPIRY_WARNING_DAYS, not renewed.
     */
    async alerts(memberId: number): Promise<LicenceAlertsResponse> {
      await members.requireMember(memberId);
      const [licences, products] = await Promise.all([repo.ofMember(db, memberId), repo.productsOfMember(db, memberId)]);
      return { alerts: expiringLicenceAlerts(licences, products, todayInManila(now())) };
    },

    /**
     * The first steps' licence item (decision 018): for each group of lines a product the member
     * sells or has a deal for needs (any line before they have any), whether a licence covers it
     * today (`licenceCover`, the hold's rule). `done` when verified licences cover every group,
     * `awaiting` when the rest wait for the agency's verification, `todo` otherwise; `lines` names
     * the groups not yet covered by a verified licence (none for "any line").
     */
    async setupState(memberId: number, today: string): Promise<{ state: 'todo' | 'awaiting' | 'done'; lines: string[] }> {
      const [licences, products] = await Promise.all([repo.ofMember(db, memberId), repo.productsSoldOrDealt(db, memberId)]);
      const groups = new Map<string, readonly string[]>();
      for (const product of products) {
        const lines = linesFor(product);
        if (lines.length > 0) groups.set(linesLabel(lines), lines);
      }
      const named = groups.size > 0;
      if (!named) groups.set('', LICENSE_LINES);
      const covers = [...groups]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([label, lines]) => ({ label, cover: licenceCover(licences, lines, today) }));
      const missing = covers.filter((c) => c.cover !== 'verified');
      const state = missing.length === 0 ? 'done' : missing.every((c) => c.cover === 'pending') ? 'awaiting' : 'todo';
      return { state, lines: named ? missing.map((c) => c.label) : [] };
    },

    /** verifylicense: a pending licence verified or rejected once, never by its own holder. */
    async verify(auth: Auth, input: VerifyLicenceInput): Promise<LicenseRecord> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await repo.lock(trx, input.license_id);
        if (!row) throw notFound(LICENCE_MESSAGES.notFound);
        if (row.member_id === auth.memberId) throw forbidden(LICENCE_MESSAGES.ownLicence);
        if (row.status !== 'pending') throw conflict(LICENCE_MESSAGES.decided(row.status));
        const ok = await repo.decide(trx, row.id, {
          status: input.decision,
          decided_by: auth.memberId,
          decided_at: at.toISOString(),
          rejection_reason: input.decision === 'rejected' ? input.reason : null,
        });
        if (!ok) throw conflict(LICENCE_MESSAGES.decided('decided'));
        await members.audit(trx, {
          member_id: row.member_id,
          actor_id: auth.memberId,
          action: input.decision === 'verified' ? 'licence_verified' : 'licence_rejected',
          changes: [
            { field: 'licence', from: `${row.line} (pending)`, to: `${row.line} (${input.decision})` },
            ...(input.reason ? [{ field: 'reason', from: null, to: input.reason }] : []),
          ],
          at: at.toISOString(),
        });
      });
      return toRecord((await repo.byId(db, input.license_id))!, todayInManila(at), true);
    },

    /** licensescan/:licenseId: the holder and admins only; anyone else is told it does not exist. */
    async openScan(auth: Auth, licenseId: number): Promise<OpenedFile & { fileName: string; memberId: number }> {
      const row = await repo.byId(db, licenseId);
      if (!row || (row.member_id !== auth.memberId && !isAdmin(auth))) throw notFound(LICENCE_MESSAGES.notFound);
      const file = row.scan_key ? await deps.storage.get(row.scan_key) : null;
      if (!row.scan_key || !file) throw notFound('No scan on file');
      const contentType = row.scan_type ?? 'application/octet-stream';
      const ext = contentType === 'application/pdf' ? 'pdf' : (contentType.split('/')[1] ?? 'bin');
      return { ...file, contentType, tag: fileTag(row.scan_key), fileName: `licence_${row.id}.${ext}`, memberId: row.member_id };
    },

    coveredEarners,

    /** Whether `memberId` now holds a verified licence for one of `product`'s lines that covered `day` (a held entry's release). */
    async covers(exec: Exec, memberId: number, product: string, day: string): Promise<boolean> {
      return (await coveredEarners(exec, [memberId], product, day)).has(memberId);
    },

    /**
     * For a proposal's client page (decision 038): the number of the agent's verified licence for
     * the product's line in force on `day`, or null. Shown to the client: an agent's licence
     * number is what the Insurance Commission requires them to show on a quotation.
     */
    async licenceNumberFor(exec: Exec, memberId: number, product: string, day: string): Promise<string | null> {
      return repo.coveringNumber(exec, memberId, linesFor(product), day);
    },

    /** How many licences wait for verification and held entries for a decision: the Compliance page's two queues, counted. */
    async queueCounts(): Promise<{ toVerify: number; held: number }> {
      const [toVerify, held] = await Promise.all([repo.pendingCount(db), repo.heldCount(db)]);
      return { toVerify, held };
    },

    /** The Compliance page: what an agency must act on to pay only licensed earners. */
    async compliance(): Promise<ComplianceResponse> {
      const today = todayInManila(now());
      const [pending, expiring, earnings, sold, held] = await Promise.all([
        repo.pending(db),
        repo.expiring(db, today, addDays(today, LICENSE_EXPIRY_WARNING_DAYS)),
        repo.earnings(db),
        repo.soldProducts(db, `${addDays(today, -365)}T00:00:00.000Z`),
        repo.held(db),
      ]);

      // One read of the verified licences of everyone listed: whether a product's line was covered on a day.
      const verified = await repo.verifiedOf(db, [...new Set([...sold, ...held].map((r) => r.member_id))]);
      const covered = (memberId: number, product: string | null, day: string) =>
        product !== null &&
        verified.some((l) => l.member_id === memberId && linesFor(product).includes(l.line) && l.issued_on <= day && l.expires_on >= day);

      const unlicensed: UnlicensedSeller[] = sold
        .filter((s) => !covered(s.member_id, s.product, today))
        .map((s) => ({
          member_id: s.member_id,
          member_name: fullName(s),
          product: s.product,
          lines: [...linesFor(s.product)] as LicenseLine[],
          sales: Number(s.n),
          last_sold_on: s.last_sold_on,
        }))
        .sort((a, b) => a.member_name.localeCompare(b.member_name) || a.product.localeCompare(b.product));

      const renewal = pesosToCentavos(RENEWAL_COMMISSION_PESOS);
      return {
        as_of: today,
        to_verify: pending.map((r) => toCompliance(r, today)),
        expiring: expiring.map((r) => toCompliance(r, today)),
        unlicensed_sellers: unlicensed,
        held: held.map((h) => ({
          entry_id: h.id,
          member_id: h.member_id,
          member_name: fullName(h),
          kind: h.kind === 'override' ? ('override' as const) : ('sale' as const),
          product: h.product,
          seller_name:
            h.seller_f_name === null ? null : fullName({ f_name: h.seller_f_name, m_name: h.seller_m_name, l_name: h.seller_l_name }),
          entry_date: h.entry_date,
          amount: centavosToPesos(Number(h.amount_centavos)),
          hold_reason: h.hold_reason ?? (h.product ? holdReason(h.product, h.entry_date) : ''),
          releasable: covered(h.member_id, h.product, h.entry_date),
        })),
        held_total: centavosToPesos(held.reduce((sum, h) => sum + Number(h.amount_centavos), 0)),
        earnings: earnings.map((e) => ({
          license_id: e.id,
          member_id: e.member_id,
          member_name: fullName(e),
          line: e.line,
          issued_on: e.issued_on,
          expires_on: e.expires_on,
          earned: centavosToPesos(e.earned),
          meets_renewal: e.earned >= renewal,
        })),
      };
    },
  };
}

export type LicencesService = ReturnType<typeof createLicencesService>;
