import type { PersonRef } from '@ahente/contract/members';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_CHAIN_DEPTH } from '../../db/limits.ts';
import { notFound } from '../../platform/errors.ts';
import { membersRepository, type AncestorRow, type ListMemberRow } from './repository.ts';
import type { Exec } from '../../db/exec.ts';

/**
 * What the members services share (profile-, team-, member-files- and account-service.ts): the
 * hierarchy rule over a sponsor chain and the look-ups of a member that answer 404. Other features
 * reach these through the services, never from here.
 */

export type Log = Pick<FastifyBaseLogger, 'warn'>;

export function ref(row: { id: number; f_name: string; m_name: string | null; l_name: string }): PersonRef {
  return { id: row.id, f_name: row.f_name, m_name: row.m_name, l_name: row.l_name };
}

/** A member up someone's sponsor chain; `depth` 1 is the sponsor. */
type ChainLink = Pick<AncestorRow, 'depth' | 'id' | 'f_name' | 'm_name' | 'l_name' | 'position' | 'deactivated_at'>;

/** A member's hierarchy, derived from the sponsor chain (decision 011). */
export interface Leaders {
  sponsor: PersonRef | null;
  manager: PersonRef | null;
  agencyManager: PersonRef | null;
  agencyOwner: PersonRef | null;
}
export const NO_LEADERS: Leaders = { sponsor: null, manager: null, agencyManager: null, agencyOwner: null };
const ROLE = { Manager: 'manager', AgencyManager: 'agencyManager', AgencyOwner: 'agencyOwner' } as const;

/**
 * The rule (decision 011), over the chain nearest first, the member excluded: the sponsor is
 * whoever sponsored them, deactivated or not (recruits keep their sponsor); the manager, agency
 * manager and agency owner are the nearest ACTIVE members with that position. A deactivated leader
 * stays in the chain (the walk goes through them to the leaders above) but leads no more.
 */
export function pickLeaders(links: Iterable<ChainLink>): Leaders {
  const out: Leaders = { ...NO_LEADERS };
  let found = 0;
  for (const l of links) {
    if (l.depth === 1) out.sponsor = ref(l);
    const role = ROLE[l.position as keyof typeof ROLE];
    if (role && l.deactivated_at === null && out[role] === null) {
      out[role] = ref(l);
      if (++found === 3) break; // nothing further up can change the answer
    }
  }
  return out;
}

/**
 * The same walk over members already in memory (adminmemberrecords loads them all anyway): up to
 * MAX_CHAIN_DEPTH sponsors, never a member twice, as the recursive query does.
 */
export function* chainInMemory(start: { id: number; referror: number | null }, byId: Map<number, ListMemberRow>): Generator<ChainLink> {
  const seen = new Set([start.id]);
  let next = start.referror;
  for (let depth = 1; depth <= MAX_CHAIN_DEPTH && next !== null && !seen.has(next); depth++) {
    const m = byId.get(next);
    if (!m) return;
    seen.add(m.id);
    yield { depth, id: m.id, f_name: m.f_name, m_name: m.m_name, l_name: m.l_name, position: m.position, deactivated_at: m.deactivated_at };
    next = m.referror;
  }
}

/** An active member, or 404: a deactivated member can no longer be edited, approved or given a password. */
export async function requireActive(exec: Exec, id: number, options: { lock?: boolean } = {}) {
  const row = await membersRepository.findById(exec, id, options);
  if (!row || row.deactivated_at !== null) throw notFound('Member not found');
  return row;
}

/** Any member, deactivated included (their recruits, hierarchy and history are kept), or 404. */
export async function requireMember(exec: Exec, id: number) {
  const row = await membersRepository.findById(exec, id);
  if (!row) throw notFound('Member not found');
  return row;
}
