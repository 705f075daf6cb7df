import type { Generated } from 'kysely';
import type { AccountType, Gender, MemberStatus, Position } from '@ahente/contract/enums';

/** Timestamps are UTC ISO-8601 text and dates YYYY-MM-DD text on both databases. */
export interface MembersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  email: string;
  f_name: string;
  m_name: string | null;
  l_name: string;
  contact_no: string;
  address: string | null;
  referral_code: string;
  account_type: AccountType;
  position: Position;
  reg_date: string;
  status: MemberStatus;
  /** The sponsor: owner of the referral code used at sign-up. */
  referror: number | null;
  photo: string | null;
  gender: Gender | null;
  birthdate: string | null;
  address_number: string | null;
  address_street: string | null;
  address_region: string | null;
  address_city: string | null;
  address_barangay: string | null;
  valid_id: string | null;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie token: the token itself is never stored. */
  id: string;
  member_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginThrottleTable {
  key: string;
  window_start: string;
  count: number;
}

export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
}
