import type { Kysely } from 'kysely';
import type { LeaderPosition } from '@ahente/contract/commissions';
import type {
  HierarchyResponse,
  MemberCountsResponse,
  MemberListRecord,
  MemberSearchResponse,
  MemberSearchInput,
  PersonRef,
  RecruitRecord,
  TeamSizeResponse,
} from '@ahente/contract/members';
import { fullName } from '@ahente/contract/names';
import type { Database } from '../../db/schema.ts';
import { photoUrl } from './member-files-service.ts';
import { chainInMemory, NO_LEADERS, pickLeaders, requireActive, requireMember, type Leaders } from './model.ts';
import { membersRepository, type AncestorRow, type ListMemberRow } from './repository.ts';

/** A leader above a member, with the position they lead as. */
export interface LeaderRef extends PersonRef {
  position: LeaderPosition;
}

/** A member as the admin's lists carry them: no contact number, no address (decision 027). */
function toListRecord(r: ListMemberRow, l: Leaders): MemberListRecord {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    f_name: r.f_name,
    m_name: r.m_name,
    l_name: r.l_name,
    referral_code: r.referral_code,
    account_type: r.account_type,
    position: r.position,
    reg_date: r.reg_date,
    status: r.status,
    referror: r.referror,
    manager: l.manager?.id ?? null,
    photo: photoUrl(r),
    referror_details: l.sponsor,
    manager_details: l.manager,
    agency_manager_details: l.agencyManager,
    agency_owner_details: l.agencyOwner,
  };
}

/**
 * The member network: who leads whom (derived from the sponsor chain), the admin's member lists
 * with each member's leaders, a member's recruits and team, and the agency's counts.
 */
export function createTeamService(db: Kysely<Database>) {
  /** The leaders of each given member: one recursive query for them all (a page, or one member). */
  async function leadersOf(ids: number[]): Promise<Map<number, Leaders>> {
    const byMember = new Map<number, AncestorRow[]>();
    for (const a of await membersRepository.leadersAbove(db, ids)) {
      const list = byMember.get(a.member_id) ?? [];
      list.push(a); // nearest first
      byMember.set(a.member_id, list);
    }
    return new Map(ids.map((id) => [id, pickLeaders(byMember.get(id) ?? [])]));
  }

  async function toListRecords(rows: ListMemberRow[]): Promise<MemberListRecord[]> {
    const leaders = await leadersOf(rows.map((r) => r.id));
    return rows.map((r) => toListRecord(r, leaders.get(r.id) ?? NO_LEADERS));
  }

  return {
    leadersOf,

    /**
     * The leaders of one member as they stand in `exec` (a sale's transaction: the hierarchy the
     * commissions of the sale are computed from, decision 016), nearest Manager first.
     */
    async leadersIn(exec: Parameters<typeof membersRepository.leadersAbove>[0], id: number): Promise<LeaderRef[]> {
      const l = pickLeaders(await membersRepository.leadersAbove(exec, [id]));
      const out: LeaderRef[] = [];
      if (l.manager) out.push({ position: 'Manager', ...l.manager });
      if (l.agencyManager) out.push({ position: 'AgencyManager', ...l.agencyManager });
      if (l.agencyOwner) out.push({ position: 'AgencyOwner', ...l.agencyOwner });
      return out.filter((leader) => leader.id !== id);
    },

    /** An active member as the admin's lists carry them (an approval's answer), or 404. */
    async listRecord(id: number): Promise<MemberListRecord> {
      const row = await requireActive(db, id);
      const [record] = await toListRecords([row]);
      return record!;
    },

    /**
     * adminmemberrecords: every active member, newest first. One query loads them all (deactivated
     * included: they keep their place in the chains), and the hierarchy is walked in memory, in
     * O(members × depth), instead of one recursive row per member and ancestor.
     */
    async listAll(): Promise<MemberListRecord[]> {
      const all = await membersRepository.listAll(db);
      const byId = new Map(all.map((m) => [m.id, m]));
      return all.filter((m) => m.deactivated_at === null).map((m) => toListRecord(m, pickLeaders(chainInMemory(m, byId))));
    },

    /**
     * adminmembersearch: one page of active members, the name search, the status filter and the
     * sort on the server (by default Pending first, then newest), leaders for that page only.
     */
    async search(input: MemberSearchInput): Promise<MemberSearchResponse> {
      const { total, counts, rows } = await membersRepository.searchPage(
        db,
        input.q,
        input.pageSize,
        (input.page - 1) * input.pageSize,
        { noCertification: input.noCertification, status: input.status },
        input.sort ? { sort: input.sort, dir: input.dir ?? 'asc' } : null,
      );
      return { total, page: input.page, pageSize: input.pageSize, rows: await toListRecords(rows), counts };
    },

    /** adminmembercounts: the active members, and how many are Pending or Approved. */
    async counts(): Promise<MemberCountsResponse> {
      const { byStatus } = await membersRepository.agencyCounts(db);
      return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus };
    },

    /** The agency's members (counted members, decision 021) and the accounts awaiting approval. */
    agencyCounts: () => membersRepository.agencyCounts(db),

    /** membersrecord: a member's recruits (decision 021): active agents, Pending ones included. */
    async recruits(id: number): Promise<RecruitRecord[]> {
      await requireMember(db, id);
      return membersRepository.recruitsOf(db, id);
    },

    /** gethiearchy: sponsor, manager, agency manager and agency owner, as ids and full names. */
    async hierarchy(id: number): Promise<HierarchyResponse> {
      await requireMember(db, id);
      const l = (await leadersOf([id])).get(id) ?? NO_LEADERS;
      const name = (p: PersonRef | null) => (p ? fullName(p) : null);
      return {
        referror: l.sponsor?.id ?? null,
        referror_name: name(l.sponsor),
        manager: l.manager?.id ?? null,
        manager_name: name(l.manager),
        agency_manager: l.agencyManager?.id ?? null,
        agency_manager_name: name(l.agencyManager),
        agency_owner: l.agencyOwner?.id ?? null,
        agency_owner_name: name(l.agencyOwner),
      };
    },

    /**
     * teamsize (decision 021): the member's counted recruits, their team members at every level
     * and their recruits awaiting approval. Performance Reports count a team with the same query.
     */
    async teamSize(id: number): Promise<TeamSizeResponse> {
      await requireMember(db, id);
      const t = await membersRepository.teamSize(db, id);
      return { direct: t.direct, downline: t.team, pending: t.pending };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
