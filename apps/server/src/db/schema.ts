/**
 * Every table's row type, in one file on purpose (over 500 lines): Kysely reads the whole
 * database's shape from the one `Database` interface at the end.
 */
import type { Generated } from 'kysely';
import type {
  AccountType,
  DealStatus,
  Gender,
  MemberStatus,
  Position,
  SalesGroup,
  SalesType,
  TransactionType,
} from '@ahente/contract/enums';
import type { CommissionKind, HoldDecision, LeaderPosition, RateKind } from '@ahente/contract/commissions';
import type { LicenseLine, LicenseStatus } from '@ahente/contract/licences';
import type { MaterialLibrary } from '@ahente/contract/materials';
import type { SaleVerification } from '@ahente/contract/sales';
import type { MemberAuditAction } from '@ahente/contract/members';
import type { Language } from '@ahente/contract/auth';
import type { TicketClosingStatus, TicketStatus, TicketType } from '@ahente/contract/tickets';

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
  /** Storage key of the profile photo (platform/storage.ts), or null. */
  photo: string | null;
  /** Its content type, decided from its first bytes. */
  photo_type: string | null;
  gender: Gender | null;
  birthdate: string | null;
  address_number: string | null;
  address_street: string | null;
  address_region: string | null;
  address_city: string | null;
  address_barangay: string | null;
  /** Storage key of the valid ID (an image or a PDF), or null. */
  valid_id: string | null;
  valid_id_type: string | null;
  updated_at: string;
  /** When an admin deactivated the member (UTC ISO-8601), or null while active (decision 011). */
  deactivated_at: string | null;
  /**
   * The full name (first, middle, last joined by single spaces) lower-cased by the server: what
   * the admin's name search matches, the same on both databases (decision 011).
   */
  search_name: string;
  /** The BIR TIN, dashed (000-000-000 or 000-000-000-000), or null (decision 019). */
  tin: string | null;
  /** When an approved erasure anonymised the member (decision 027), or null. */
  erased_at: string | null;
  /** The language the member reads the portal in (decision 030); 'en' until they choose. */
  language: Language;
}

export interface SessionsTable {
  /** sha256 of the cookie token: the token itself is never stored. */
  id: string;
  member_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The browser's user agent at login (first 300 characters), for Settings → Security. */
  user_agent: string | null;
  /** The client address at login. */
  ip: string | null;
}

export interface LoginThrottleTable {
  key: string;
  window_start: string;
  count: number;
}

export interface DealsTable {
  id: Generated<number>;
  member_id: number;
  customer_name: string;
  tx_type: TransactionType;
  product: string;
  /** Integer centavos (pesos × 100). */
  tcv_centavos: number;
  effective_date: string;
  deal_status: DealStatus;
  sales_type: SalesType;
  referror: string | null;
  agent: string | null;
  sales_group: SalesGroup;
  createdat: string;
  updated_at: string;
  /** The client's mobile number and e-mail (decision 025), optional. */
  customer_contact: string | null;
  customer_email: string | null;
  /** The policy (sale) this deal renews; at most one renewal deal per policy (decision 025). */
  renews_sale_id: number | null;
  /** A renewal deal's insurer (the renewed policy's) or an accepted proposal's option's; null on other deals. */
  insurer: string | null;
  /** 'E-Store' for a deal a store request made (decision 040); null otherwise. */
  source: string | null;
  /** A store request's answers and message, as text (decision 040); null otherwise. */
  notes: string | null;
}

export interface SalesTable {
  id: Generated<number>;
  member_id: number;
  /** Unique among sales not rejected: a deal has one live sale (a rejected one's deal may be sold again). */
  deal_id: number;
  customer_name: string;
  tx_type: TransactionType;
  product: string;
  /** Integer centavos (pesos × 100). */
  tcv_centavos: number;
  policy_number: string | null;
  insurer: string | null;
  plan_name: string | null;
  sales_type: SalesType;
  referror: string | null;
  agent: string | null;
  sales_group: SalesGroup;
  effective_date: string;
  createdat: string;
  /** Decided once by an admin (decision 018): entries of a sale are payable only once it is verified. */
  verification: SaleVerification;
  verified_by: number | null;
  verified_at: string | null;
  rejection_reason: string | null;
  /** A cancellation (decision 019), written once: the day, why, the refund, who and when; null while in force. */
  cancelled_on: string | null;
  cancel_reason: string | null;
  refund_centavos: number | null;
  cancelled_by: number | null;
  cancelled_at: string | null;
  /** Who entered the sale (decision 018): the agent, or an admin for them; null on sales older than the column. */
  entered_by: number | null;
  /** The last day of the policy's term (decision 025); null for a Memorial Plan (no annual term). */
  expiry_date: string | null;
  customer_contact: string | null;
  customer_email: string | null;
  /** Copied from the deal when it is sold: the policy this sale renews. */
  renews_sale_id: number | null;
  /**
   * On a policy: the counted sale (neither rejected nor cancelled) that renews it, kept by the sales
   * service when that sale is made, rejected or cancelled (decision 025); null when not renewed.
   */
  renewed_by_sale_id: number | null;
  /** The insurer the `insurer` text names (its name or an alias, decision 037); null while it names none. */
  insurer_id: number | null;
  /** The policy number normalised for matching statement lines (lib/insurer-keys.ts `policyKey`). */
  policy_key: string | null;
}

export interface SectionsTable {
  id: Generated<number>;
  name: string;
  /** The name lower-cased by the server: unique, so names are unique whatever their case. */
  name_key: string;
  /** Marketing or Learning (a CHECK holds it); fixed when the section is created. */
  library: MaterialLibrary;
  createdat: string;
}

export interface MaterialsTable {
  id: Generated<number>;
  /** ON DELETE RESTRICT: a material's file must be removed with its row, by the service. */
  section_id: number;
  /** The sanitised original file name, also the download name. */
  title: string;
  /** Generated storage key (platform/storage.ts), never a client-supplied name. */
  storage_key: string;
  /** Decided from the file's first bytes at upload. */
  content_type: string;
  size: number;
  uploaded_by: number | null;
  createdat: string;
}

export interface TicketsTable {
  id: Generated<number>;
  /** Who opened it; null for the agency's own sample tickets (decision 012). */
  member_id: number | null;
  title: string;
  description: string;
  type: TicketType;
  status: TicketStatus;
  created_at: string;
  /** Set exactly when the status is Resolved or Rejected (a CHECK constraint holds it). */
  closed_at: string | null;
  /** The admin who resolved or rejected it. */
  closed_by: number | null;
  updated_at: string;
}

/** A message of a ticket's conversation (decision 020). */
export interface TicketRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number;
  /** 1 when an administrator wrote it, 0 when the ticket's author did. */
  by_admin: number;
  message: string;
  /** The admin's closing message: the status it closed the ticket with; null for a reply. */
  closes_as: TicketClosingStatus | null;
  created_at: string;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** What administrators did to a member (decision 011). Never a password or its hash. */
export interface MemberAuditTable {
  id: Generated<number>;
  member_id: number;
  /** The administrator who acted; null once their record is gone. */
  actor_id: number | null;
  action: MemberAuditAction;
  /** JSON text: `[{ field, from, to }]` for an edit, `[]` otherwise. */
  changes: string;
  at: string;
}

/** A member's bank details (bank, account number, account name): one per member. */
export interface BankDetailsTable {
  member_id: number;
  bank_name: string;
  /** Digits only. Never logged (platform/logging.ts). */
  account_number: string;
  account_name: string;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

/** A certification: `id` here is the record's own key (the API's `certid`). Never changed once saved. */
export interface CertificationsTable {
  id: Generated<number>;
  member_id: number;
  lfa_code: string | null;
  cirm_code: string | null;
  coding_date_1: string | null;
  coding_date_2: string | null;
  individual_hmo: string | null;
  sme_hmo: string | null;
  corporate_gyrt: string | null;
  prepaid_hmo: string | null;
  corporate_cgli: string | null;
  corporate_hmo: string | null;
  createdat: string;
}

/** An append-only dated rate (decision 016), in hundredths of a percent. */
export interface CommissionRatesTable {
  id: Generated<number>;
  kind: RateKind;
  /** A product of the catalogue (kind 'product') or a leadership position (kind 'override'). */
  key: string;
  rate_hundredths: number;
  effective_from: string;
  created_at: string;
  created_by: number | null;
}

/** A month (YYYY-MM) that entries were recorded in; closed once. */
export interface CommissionPeriodsTable {
  period: string;
  closed_at: string | null;
  closed_by: number | null;
}

/** A member's statement of a month (decision 016, decision 019): net = brought forward + gross − withholding. */
export interface CommissionStatementsTable {
  id: Generated<number>;
  member_id: number;
  period: string;
  /** The sum of the entries posted to it. */
  gross_centavos: number;
  entry_count: number;
  brought_forward_centavos: number;
  /** The carried statement whose net opens this one (unique: brought forward once), or null. */
  brought_forward_from: number | null;
  withholding_centavos: number;
  net_centavos: number;
  /** 500 or 1000 (0 for statements closed before withholding existed), and its ATC. */
  withholding_rate_hundredths: number;
  atc: string;
  /** 1 when its net was below the minimum payout or below zero: not paid, brought forward by the next statement. */
  carried: number;
  created_at: string;
  paid_on: string | null;
  paid_reference: string | null;
  paid_at: string | null;
  paid_by: number | null;
}

/** The ledger: never edited or deleted; statement_id is set once, when its month is closed. */
export interface CommissionEntriesTable {
  id: Generated<number>;
  member_id: number;
  kind: CommissionKind;
  sale_id: number | null;
  seller_id: number | null;
  /** For an override: the position the leader held when the sale was recorded. */
  position: LeaderPosition | null;
  rule: string;
  rate_hundredths: number | null;
  base_centavos: number | null;
  amount_centavos: number;
  entry_date: string;
  period: string;
  statement_id: number | null;
  reason: string | null;
  created_by: number | null;
  created_at: string;
  /** Written with the entry when its earner held no verified licence for the product's lines that day (decision 018). */
  hold_reason: string | null;
  /** A reversal (decision 019): the entry it takes back, once. */
  reverses_id: number | null;
}

/** A member's withholding rate from a date (decision 019): only added to. */
export interface MemberWithholdingTable {
  id: Generated<number>;
  member_id: number;
  rate_hundredths: number;
  effective_from: string;
  reason: string;
  created_at: string;
  created_by: number | null;
}

/** The minimum payout and the ATCs (decision 019): each change a new row; the latest applies. */
export interface PayoutSettingsTable {
  id: Generated<number>;
  minimum_payout_centavos: number;
  atc_5: string;
  atc_10: string;
  created_at: string;
  created_by: number | null;
}

/** The agency's tax details as an administrator saved them (decision 019): append-only, the latest applies. */
export interface AgencyTaxDetailsTable {
  id: Generated<number>;
  tin: string;
  address: string;
  rdo: string;
  created_at: string;
  created_by: number | null;
}

/** The one decision on a held entry (decision 018). */
export interface CommissionEntryDecisionsTable {
  entry_id: number;
  decision: HoldDecision;
  reason: string | null;
  decided_by: number | null;
  decided_at: string;
}

/** An Insurance Commission licence (decision 018). The number and the scan are the member's and the agency's only. */
export interface LicencesTable {
  id: Generated<number>;
  member_id: number;
  line: LicenseLine;
  license_no: string;
  insurer: string | null;
  issued_on: string;
  expires_on: string;
  /** Storage key of the scan (platform/storage.ts), or null; its content type decided from its bytes. */
  scan_key: string | null;
  scan_type: string | null;
  status: LicenseStatus;
  decided_by: number | null;
  decided_at: string | null;
  rejection_reason: string | null;
  created_by: number | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  member_id: number;
  event: string;
  title: string;
  body: string;
  /** A path inside the portal. */
  link: string;
  /** Once per member and key (a reminder per policy per threshold); null for events that may repeat. */
  dedupe_key: string | null;
  created_at: string;
  read_at: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  member_id: number | null;
  notification_id: number | null;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationPreferencesTable {
  member_id: number;
  event: string;
  /** 1: by e-mail too; 0: in the portal only. */
  email: number;
  updated_at: string;
}

export interface PasswordResetsTable {
  /** SHA-256 (hex) of the token sent by e-mail. */
  token_hash: string;
  member_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A member's own change of e-mail, and the link that reports it from the replaced address (decision 027). */
export interface EmailChangesTable {
  /** SHA-256 (hex) of the token in the link sent to the old address. */
  token_hash: string;
  member_id: number;
  old_email: string;
  new_email: string;
  created_at: string;
  expires_at: string;
  /** When the link was used, or made void (a report of another change, an erasure). */
  used_at: string | null;
}

/** Each published version of the agency's privacy notice (decision 027); version 1 is the default. */
export interface PrivacyNoticesTable {
  version: number;
  /** Markdown. */
  body: string;
  published_at: string;
  published_by: number | null;
}

/** A member's acceptance of a version of the privacy notice. */
export interface ConsentsTable {
  id: Generated<number>;
  member_id: number;
  notice_version: number;
  accepted_at: string;
  ip: string | null;
}

/** A data subject's request that an admin decides (erasure today). */
export interface PrivacyRequestsTable {
  id: Generated<number>;
  member_id: number;
  kind: 'erasure';
  status: 'open' | 'approved' | 'refused';
  requested_at: string;
  /** 30 working days after the request (YYYY-MM-DD). */
  due_on: string;
  decided_at: string | null;
  decided_by: number | null;
  reason: string | null;
}

/** One read of another person's sensitive data (append-only). */
export interface AccessLogTable {
  id: Generated<number>;
  /** Who read. */
  actor_id: number;
  /** Whose data. */
  subject_id: number;
  /** What kind of data (the contract's ACCESS_KINDS). */
  what: string;
  /** Which record, when there are several (a licence's id), or null. */
  detail: string | null;
  /** The reader's address. */
  ip: string | null;
  at: string;
}

/** A member's TOTP second factor. */
export interface MemberMfaTable {
  member_id: number;
  /** Base32. Never logged. */
  secret: string;
  created_at: string;
  /** Null while enrolment waits for the first code. */
  enabled_at: string | null;
  /** The last TOTP time step accepted (a code works once). */
  last_step: number | null;
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  member_id: number;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  used_at: string | null;
}

/** A device a member signed in from: SHA-256 of its long-lived cookie. */
export interface MemberDevicesTable {
  member_id: number;
  device_hash: string;
  user_agent: string | null;
  first_seen_at: string;
  last_seen_at: string;
}

/** The `Idempotency-Key` header's memory (migration 015, decision 029). */
export interface IdempotencyKeysTable {
  scope: string;
  route: string;
  idem_key: string;
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
  completed_at: string | null;
}

/** Scheduled work claimed by one instance (migration 017, decision 032). */
export interface JobRunsTable {
  job: string;
  slot: string;
  owner: string;
  started_at: string;
  lease_until: string;
  finished_at: string | null;
}

/** An insurer the agency sells for (decision 037). */
export interface InsurersTable {
  id: Generated<number>;
  name: string;
  /** lib/insurer-keys.ts `insurerKey(name)`: unique, as is every alias's key. */
  name_key: string;
  /** Upper case, unique. */
  code: string;
  /** 1 or 0 (a CHECK holds it): an inactive insurer is not offered on the sale form. */
  active: number;
  /** JSON `{field: column}` of the last import, proposed for the next; null before the first. */
  statement_mapping: string | null;
  created_at: string;
  created_by: number | null;
  updated_at: string;
}

export interface InsurerAliasesTable {
  id: Generated<number>;
  insurer_id: number;
  alias: string;
  alias_key: string;
}

/** The agency's own commission schedule per insurer and product: append-only, like commission_rates. */
export interface InsurerRatesTable {
  id: Generated<number>;
  insurer_id: number;
  product: string;
  rate_hundredths: number;
  effective_from: string;
  created_at: string;
  created_by: number | null;
}

/** One insurer statement file imported (decision 037); undone by a state change, never deleted. */
export interface StatementImportsTable {
  id: Generated<number>;
  insurer_id: number;
  /** YYYY-MM */
  period: string;
  file_name: string;
  /** Hex SHA-256 of the file's bytes: unique among imports not undone. */
  file_sha256: string;
  /** JSON `{field: column}` used. */
  mapping: string;
  header_row: number;
  lines: number;
  /** The sum of the lines' commissions (centavos, either sign). */
  received_centavos: number;
  /** The total the statement itself prints, when the administrator typed it. */
  statement_total_centavos: number | null;
  created_at: string;
  created_by: number | null;
  undone_at: string | null;
  undone_by: number | null;
  undo_reason: string | null;
}

export type StatementLineStatus = 'matched' | 'differs' | 'unmatched' | 'duplicate' | 'chargeback' | 'ignored';

export interface StatementLinesTable {
  id: Generated<number>;
  import_id: number;
  /** The row in the file, 1-based as a spreadsheet numbers it. */
  row_no: number;
  policy_no: string;
  policy_key: string;
  insured_name: string | null;
  /** new, renewal, endorsement, cancellation; null when the file has no such column. */
  transaction: string | null;
  premium_centavos: number | null;
  commission_centavos: number;
  effective_date: string | null;
  paid_on: string | null;
  status: StatementLineStatus;
  /** Why it is in its state, in words an administrator reads. */
  reason: string;
  sale_id: number | null;
  /** What the agency's schedule expects on the sale (centavos); null without a sale or a rate. */
  expected_centavos: number | null;
  /** An unmatched line's likely sale (same customer and premium), never a match until confirmed. */
  suggested_sale_id: number | null;
  /** A duplicate's earlier line. */
  duplicate_of: number | null;
}

/** Each change of a line's state made by a person, with who, when and why. */
export interface StatementLineDecisionsTable {
  id: Generated<number>;
  line_id: number;
  action: 'match' | 'ignore';
  from_status: StatementLineStatus;
  to_status: StatementLineStatus;
  sale_id: number | null;
  reason: string | null;
  decided_at: string;
  decided_by: number | null;
}

/** A sale verified from a statement line: the evidence; undone with its import. */
export interface StatementVerificationsTable {
  id: Generated<number>;
  sale_id: number;
  import_id: number;
  line_id: number;
  verified_at: string;
  verified_by: number | null;
  undone_at: string | null;
  undone_by: number | null;
}

/** A proposal (issue 46, decision 038): its current state; its versions hold what was quoted. */
export type ProposalStoredStatus = 'draft' | 'sent' | 'accepted' | 'declined' | 'withdrawn';
export interface ProposalsTable {
  id: Generated<number>;
  member_id: number;
  number: string;
  status: ProposalStoredStatus;
  /** The latest version, the one the link shows. */
  version: number;
  client_name: string;
  product: string;
  valid_until: string;
  /** Option 1's amount due, or the accepted option's (the lists' totals). */
  amount_due_centavos: number;
  /** SHA-256 (hex) of the client's link token; null until sent. */
  share_token_hash: string | null;
  /** 1: the client's page shows the agent's contact number (the agent's choice, per proposal). */
  show_contact: number;
  accepted_option: number | null;
  deal_id: number | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  first_opened_at: string | null;
}

export interface ProposalVersionsTable {
  id: Generated<number>;
  proposal_id: number;
  version: number;
  client_name: string;
  client_contact: string | null;
  client_email: string | null;
  product: string;
  tax_line: string;
  valid_until: string;
  /** The cover's start the client is quoted for (the deal's effective date), if given. */
  start_date: string | null;
  notes: string | null;
  dst_bp: number;
  vat_bp: number;
  lgt_bp: number;
  fst_bp: number;
  lto_fee_centavos: number;
  created_at: string;
  created_by: number | null;
}

export interface ProposalOptionsTable {
  id: Generated<number>;
  version_id: number;
  /** 1 to 3, as shown. */
  position: number;
  insurer: string;
  insurer_id: number | null;
  plan_name: string | null;
  sum_insured_centavos: number | null;
  basic_premium_centavos: number;
  /** JSON: [{ name, limit }]. */
  coverages: string;
  deductible: string | null;
  remarks: string | null;
  dst_centavos: number;
  vat_centavos: number;
  lgt_centavos: number;
  fst_centavos: number;
  fees_centavos: number;
  amount_due_centavos: number;
}

export type ProposalAction = 'created' | 'revised' | 'sent' | 'opened' | 'accepted' | 'declined' | 'withdrawn';
export interface ProposalEventsTable {
  id: Generated<number>;
  proposal_id: number;
  version: number;
  action: ProposalAction;
  by_kind: 'agent' | 'admin' | 'client';
  by_member_id: number | null;
  option: number | null;
  reason: string | null;
  at: string;
}

/** The agency's proposal rates, append-only (decision 038). */
export interface ProposalTaxSettingsTable {
  id: Generated<number>;
  key: 'dst_bp' | 'vat_bp' | 'lgt_bp' | 'fst_bp' | 'lto_fee_centavos';
  value: number;
  effective_from: string;
  created_at: string;
  created_by: number | null;
}

/** The CTPL table, append-only (decision 038). */
export interface CtplPremiumsTable {
  id: Generated<number>;
  vehicle_type: string;
  years: number;
  premium_centavos: number;
  effective_from: string;
  created_at: string;
  created_by: number | null;
}

// --- E-Store (issue 48, decision 040) ---
export interface StoreProductsTable {
  id: Generated<number>;
  product: string;
  description: string;
  price_from_centavos: number | null;
  /** JSON array of question labels. */
  questions: string;
  /** JSON array of licence lines. */
  lines: string;
  shown: number;
  image_key: string | null;
  image_type: string | null;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}
export interface StoreSettingsTable {
  member_id: number;
  show_photo: number;
  show_contact: number;
  updated_at: string;
}
export type StoreRequestStoredStatus = 'new' | 'contacted' | 'quoted' | 'won' | 'lost';
export interface StoreRequestsTable {
  id: Generated<number>;
  member_id: number;
  product_id: number | null;
  product: string;
  client_name: string;
  client_mobile: string;
  client_email: string | null;
  message: string | null;
  /** JSON [{question, answer}]. */
  answers: string;
  status: StoreRequestStoredStatus;
  deal_id: number | null;
  notice_version: number;
  consented_at: string;
  created_at: string;
  updated_at: string;
}
export interface StoreViewsTable {
  member_id: number;
  /** Manila month, YYYY-MM. */
  month: string;
  views: number;
}
// --- end E-Store ---
/* University (issue 47, decision 039; migration 026). */
export interface CoursesTable {
  id: Generated<number>;
  status: 'draft' | 'published';
  title: string;
  latest_version: number;
  published_version: number | null;
  required_scope: 'everyone' | 'position' | 'line' | null;
  required_value: string | null;
  /** The Manila day the course became required (the due date counts from it, or from joining if later). */
  required_since: string | null;
  created_at: string;
  updated_at: string;
  created_by: number | null;
}

export interface CourseVersionsTable {
  id: Generated<number>;
  course_id: number;
  version: number;
  title: string;
  description: string;
  /** The licence lines it trains for, a JSON list. */
  lines: string;
  has_quiz: number;
  pass_mark: number;
  attempts_per_day: number;
  certificate_months: number | null;
  created_at: string;
  published_at: string | null;
}

export interface CourseModulesTable {
  id: Generated<number>;
  version_id: number;
  position: number;
  title: string;
  kind: 'text' | 'material' | 'video';
  body: string | null;
  material_id: number | null;
  url: string | null;
}

export interface CourseQuestionsTable {
  id: Generated<number>;
  version_id: number;
  position: number;
  text: string;
  /** JSON list of the choices' texts. */
  choices: string;
  /** JSON list of the correct choices' numbers (from 0): never sent to a member. */
  correct: string;
}

export interface CourseEnrolmentsTable {
  id: Generated<number>;
  member_id: number;
  course_id: number;
  version_id: number;
  started_at: string;
  quiz_passed_at: string | null;
  completed_at: string | null;
}

export interface CourseModuleProgressTable {
  enrolment_id: number;
  module_id: number;
  done_at: string;
}

export interface CourseAttemptsTable {
  id: Generated<number>;
  enrolment_id: number;
  /** The Manila day of the attempt (the daily limit counts per day). */
  day: string;
  score: number;
  passed: number;
  at: string;
}

export interface CourseCertificatesTable {
  id: Generated<number>;
  enrolment_id: number;
  member_id: number;
  course_id: number;
  version_id: number;
  code: string;
  issued_on: string;
  valid_until: string | null;
  issued_at: string;
}

export interface Database {
  members: MembersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  deals: DealsTable;
  sales: SalesTable;
  sections: SectionsTable;
  materials: MaterialsTable;
  server_secrets: ServerSecretsTable;
  member_audit: MemberAuditTable;
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  bank_details: BankDetailsTable;
  certifications: CertificationsTable;
  commission_rates: CommissionRatesTable;
  commission_periods: CommissionPeriodsTable;
  commission_statements: CommissionStatementsTable;
  commission_entries: CommissionEntriesTable;
  commission_entry_decisions: CommissionEntryDecisionsTable;
  licenses: LicencesTable;
  member_withholding: MemberWithholdingTable;
  payout_settings: PayoutSettingsTable;
  agency_tax_details: AgencyTaxDetailsTable;
  notifications: NotificationsTable;
  outbox: OutboxTable;
  notification_preferences: NotificationPreferencesTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  privacy_notices: PrivacyNoticesTable;
  consents: ConsentsTable;
  privacy_requests: PrivacyRequestsTable;
  access_log: AccessLogTable;
  member_mfa: MemberMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  member_devices: MemberDevicesTable;
  idempotency_keys: IdempotencyKeysTable;
  job_runs: JobRunsTable;
  insurers: InsurersTable;
  insurer_aliases: InsurerAliasesTable;
  insurer_rates: InsurerRatesTable;
  statement_imports: StatementImportsTable;
  statement_lines: StatementLinesTable;
  statement_line_decisions: StatementLineDecisionsTable;
  statement_verifications: StatementVerificationsTable;
  proposals: ProposalsTable;
  // E-Store (decision 040)
  store_products: StoreProductsTable;
  store_settings: StoreSettingsTable;
  store_requests: StoreRequestsTable;
  store_views: StoreViewsTable;
  proposal_versions: ProposalVersionsTable;
  proposal_options: ProposalOptionsTable;
  proposal_events: ProposalEventsTable;
  proposal_tax_settings: ProposalTaxSettingsTable;
  ctpl_premiums: CtplPremiumsTable;
  courses: CoursesTable;
  course_versions: CourseVersionsTable;
  course_modules: CourseModulesTable;
  course_questions: CourseQuestionsTable;
  course_enrolments: CourseEnrolmentsTable;
  course_module_progress: CourseModuleProgressTable;
  course_attempts: CourseAttemptsTable;
  course_certificates: CourseCertificatesTable;
}
