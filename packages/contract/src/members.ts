import { z } from 'zod';
import { optionalTinField } from './tax.ts';
import { ACCOUNT_TYPES, GENDERS, MEMBER_STATUSES, POSITIONS } from './enums.ts';
import {
  LIMITS,
  MAX_ID,
  contactField,
  controlCharacterMessage,
  hasControlCharacter,
  emailField,
  memberIdSchema,
  nameField,
  optionalCalendarDate,
  optionalText,
  passwordField,
} from './common.ts';
import { isCalendarDate } from './dates.ts';
import { optionalPsgcCode } from './geo.ts';

export const personRef = z.object({
  id: z.number(),
  f_name: z.string(),
  m_name: z.string().nullable(),
  l_name: z.string(),
});
export type PersonRef = z.infer<typeof personRef>;

/** A member as admins see it, the hierarchy derived from the sponsor chain (decision 011). */
export const memberRecord = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  f_name: z.string(),
  m_name: z.string().nullable(),
  l_name: z.string(),
  contact_no: z.string(),
  address: z.string().nullable(),
  referral_code: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  position: z.enum(POSITIONS),
  reg_date: z.string(),
  status: z.enum(MEMBER_STATUSES),
  referror: z.number().nullable(),
  manager: z.number().nullable(),
  photo: z.string().nullable(),
  referror_details: personRef.nullable(),
  manager_details: personRef.nullable(),
  agency_manager_details: personRef.nullable(),
  agency_owner_details: personRef.nullable(),
  /**
   * The address as Personal Details keeps it (decision 015: PSGC codes for region, city and
   * barangay), for the admin's Edit Member Details. Optional: added after the spec's fields.
   */
  address_number: z.string().nullable().optional(),
  address_street: z.string().nullable().optional(),
  address_region: z.string().nullable().optional(),
  address_city: z.string().nullable().optional(),
  address_barangay: z.string().nullable().optional(),
});
export type MemberRecord = z.infer<typeof memberRecord>;

/**
 * The personal address and phone of a member record: only in the record of one member, opened one at
 * a time and logged (decision 027), never in a list.
 */
export const MEMBER_CONTACT_FIELDS = [
  'contact_no',
  'address',
  'address_number',
  'address_street',
  'address_region',
  'address_city',
  'address_barangay',
] as const;

/**
 * A member as the admin's lists carry them (`adminmemberrecords`, `adminmembersearch`, the answer of
 * `approvemember`): the spec's Member without the contact number and the address, which the admin
 * reads one member at a time (`getuserdetails`, logged). Decision 027.
 */
export const memberListRecord = memberRecord.omit({
  contact_no: true,
  address: true,
  address_number: true,
  address_street: true,
  address_region: true,
  address_city: true,
  address_barangay: true,
});
export type MemberListRecord = z.infer<typeof memberListRecord>;

/** Fields an agent may change on their own record. */
export const personalFields = {
  f_name: nameField('First name'),
  m_name: optionalText('Middle name', LIMITS.name),
  l_name: nameField('Last name'),
  email: emailField,
  contact_no: contactField,
  gender: z
    .union([z.enum(GENDERS), z.literal('')], { error: 'Gender must be male or female' })
    .nullish()
    .transform((v) => (v ? v : null)),
  birthdate: optionalCalendarDate('Birthday'),
  address: optionalText('Address'),
  address_number: optionalText('Unit/house number'),
  address_street: optionalText('Street'),
  /** PSGC codes (geo.ts); the server checks that they exist and nest. */
  address_region: optionalPsgcCode('Region'),
  address_city: optionalPsgcCode('City'),
  address_barangay: optionalPsgcCode('Barangay'),
  /** The BIR's Taxpayer Identification Number (decision 019): on Form 2307 and the alphalist. */
  tin: optionalTinField('TIN'),
};
export type PersonalFieldName = keyof typeof personalFields;
export const PERSONAL_FIELD_NAMES = Object.keys(personalFields) as PersonalFieldName[];

/** Fields only an admin may change (403 when another member sends one; decision 008). `manager` is derived and always refused. */
export const adminOnlyFields = {
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores only'),
  password: passwordField,
  referral_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,20}$/, 'Referral code must be 4 to 20 letters or digits'),
  account_type: z.enum(ACCOUNT_TYPES, { error: `Account type must be one of ${ACCOUNT_TYPES.join(', ')}` }),
  position: z.enum(POSITIONS, { error: `Position must be one of ${POSITIONS.join(', ')}` }),
  status: z.enum(MEMBER_STATUSES, { error: `Status must be one of ${MEMBER_STATUSES.join(', ')}` }),
  reg_date: z
    .string()
    .refine((v) => isCalendarDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), 'Registration date must be a real date'),
};
export const ADMIN_ONLY_FIELDS = [...Object.keys(adminOnlyFields), 'manager'] as const;

/** What an administrator may not change on their own account (decision 011): another administrator does. */
export const SELF_LOCKED_ADMIN_FIELDS = ['account_type', 'position', 'status'] as const;
export const SELF_ROLE_CHANGE_REFUSED = 'You cannot change your own position, account type or status. Ask another administrator to do it.';

/** The names a member no longer changes themselves once approved (decision 027). */
export const LOCKED_NAME_FIELDS = ['f_name', 'm_name', 'l_name'] as const;
export const NAME_CHANGE_REFUSED =
  'Your name can no longer be changed here: an administrator corrects it. Ask for it with a Help Center ticket of type Privacy.';
export const TIN_CHANGE_REFUSED =
  'Your TIN is already on file: an administrator corrects it. Ask for it with a Help Center ticket of type Privacy.';

/** A change of one's own e-mail needs the current password (decision 027), as a password change does. */
export const EMAIL_PASSWORD_REQUIRED = 'Enter your current password to change your email';
export const EMAIL_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * editMember: id plus only the changed fields, as JSON (the admin's edit) or as multipart/form-data
 * (the profile photo, and the personal details with an optional valid ID file), whose text fields
 * are parsed with this same schema. Besides the fields: `photo` sent as null (JSON) or '' (a form
 * field) removes the photo; a `valid_id` text field is what the spec's client sends along with the
 * details and is ignored (only a file changes the valid ID on record).
 */
export const editMemberRequest = z
  .object({
    id: memberIdSchema,
    manager: z.unknown().optional(),
    photo: z.union([z.null(), z.literal('')], { error: 'photo may only be removed here (send the file as multipart)' }).optional(),
    valid_id: z.string().max(LIMITS.line).optional(),
    /** One's own current password: needed when the e-mail changes (decision 027); otherwise not read. */
    current_password: z
      .string()
      .max(200, EMAIL_PASSWORD_WRONG)
      .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Current password'))
      .optional(),
    ...Object.fromEntries(Object.entries(personalFields).map(([k, s]) => [k, s.optional()])),
    ...Object.fromEntries(Object.entries(adminOnlyFields).map(([k, s]) => [k, s.optional()])),
  } as {
    id: typeof memberIdSchema;
    manager: z.ZodOptional<z.ZodUnknown>;
    photo: z.ZodOptional<z.ZodUnion<[z.ZodNull, z.ZodLiteral<''>]>>;
    valid_id: z.ZodOptional<z.ZodString>;
    current_password: z.ZodOptional<z.ZodString>;
  } & { [K in keyof typeof personalFields]: z.ZodOptional<(typeof personalFields)[K]> } & {
    [K in keyof typeof adminOnlyFields]: z.ZodOptional<(typeof adminOnlyFields)[K]>;
  })
  .strict();
export type EditMemberRequest = z.input<typeof editMemberRequest>;
export type EditMemberInput = z.output<typeof editMemberRequest>;

/** The photo's URL (or null) at the top level, where the spec's client reads it, and the member as saved. */
export const editMemberResponse = z.object({ success: z.literal(true), photo: z.string().nullable(), member: memberRecord });

export { PHOTO_CONTENT_TYPES, VALID_ID_CONTENT_TYPES, PHOTO_MAX_BYTES, EDIT_MEMBER_FILE_FIELDS } from './files.ts';

/**
 * getuserdetails: the member's personal details plus the photo. `valid_id` and `photo` are the URLs
 * their files download from (owner and admins only), or null when none is on file. The address
 * parts are PSGC codes.
 */
export const userDetails = z.object({
  id: z.number(),
  f_name: z.string(),
  m_name: z.string().nullable(),
  l_name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  email: z.string(),
  contact_no: z.string(),
  birthdate: z.string().nullable(),
  address_number: z.string().nullable(),
  address_street: z.string().nullable(),
  address_region: z.string().nullable(),
  address_city: z.string().nullable(),
  address_barangay: z.string().nullable(),
  valid_id: z.string().nullable(),
  photo: z.string().nullable(),
  /** The TIN, whole for the member and admins, masked (•••-•••-789) for anyone else; null when none. */
  tin: z.string().nullable(),
  /** A free-text address from before the PSGC cascade (the spec's Member `address`), when one is on record. */
  address: z.string().nullable().optional(),
});
export type UserDetails = z.infer<typeof userDetails>;
/** A list, as the spec's client reads it: the first item is the member. */
export const userDetailsResponse = z.array(userDetails);

/** membersrecord: a direct recruit as the sponsoring agent sees them on Agent Recruitment. */
export const recruitRecord = z.object({
  id: z.number(),
  f_name: z.string(),
  m_name: z.string().nullable(),
  l_name: z.string(),
  contact_no: z.string(),
  email: z.string(),
  referral_code: z.string(),
  reg_date: z.string(),
  status: z.enum(MEMBER_STATUSES),
  position: z.enum(POSITIONS),
});
export type RecruitRecord = z.infer<typeof recruitRecord>;

/** gethiearchy: sponsor, manager, agency manager and agency owner, derived from the sponsor chain (decision 011). */
export const hierarchyResponse = z.object({
  referror: z.number().nullable(),
  referror_name: z.string().nullable(),
  manager: z.number().nullable(),
  manager_name: z.string().nullable(),
  agency_manager: z.number().nullable(),
  agency_manager_name: z.string().nullable(),
  agency_owner: z.number().nullable(),
  agency_owner_name: z.string().nullable(),
});
export type HierarchyResponse = z.infer<typeof hierarchyResponse>;

/** teamsize: Approved, active members only. */
/**
 * teamsize (decision 021): `direct`, the member's counted recruits (Approved, active agents they
 * sponsored); `downline`, their team (counted members at every level below them, the figure a
 * 'team' Performance Report names); `pending`, their recruits awaiting approval (listed on
 * Recruitment with their status, counted in neither figure).
 */
export const teamSizeResponse = z.object({ direct: z.number(), downline: z.number(), pending: z.number() });
/** What the screens say under a count of members (decision 021). */
export { TEAM_COUNT_NOTE } from './messages.ts';
export type TeamSizeResponse = z.infer<typeof teamSizeResponse>;

export const MEMBER_PAGE_SIZES = [25, 50, 100] as const;

/**
 * What the Members Record sorts by: an allow-list, each mapped by the server to its own SQL (never
 * the text sent). Without `sort` the list is Pending first, then newest (decision 011: a new
 * sign-up is never lost on page 2). `status` ascending is Pending first; `position` ascending is
 * the ladder's order (Agent, Manager, Agency Manager, Agency Owner).
 */
export const MEMBER_SORT_COLUMNS = ['id', 'name', 'username', 'email', 'referral_code', 'position', 'reg_date', 'status'] as const;
export type MemberSortColumn = (typeof MEMBER_SORT_COLUMNS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** adminmembersearch: the admin's Members Record, searched and paged on the server. */
export const memberSearchRequest = z
  .object({
    id: memberIdSchema,
    /** Case-insensitive, over first, middle and last name joined. */
    q: z
      .string()
      .trim()
      .max(LIMITS.line, `Search must be at most ${LIMITS.line} characters`)
      .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Search'))
      .optional()
      .default(''),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(MAX_ID)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .refine((v) => (MEMBER_PAGE_SIZES as readonly number[]).includes(v), `pageSize must be one of ${MEMBER_PAGE_SIZES.join(', ')}`)
      .default(25),
    /** Only members with no certification on file (decision 015's reminder for admins). */
    noCertification: z.boolean({ error: 'noCertification must be true or false' }).optional().default(false),
    /** Only the members with this status (decision 011: the sign-ups waiting for approval). */
    status: z.enum(MEMBER_STATUSES, { error: `status must be one of ${MEMBER_STATUSES.join(', ')}` }).optional(),
    /** The column to sort by; without it, Pending first, then newest. */
    sort: z.enum(MEMBER_SORT_COLUMNS, { error: `sort must be one of ${MEMBER_SORT_COLUMNS.join(', ')}` }).optional(),
    /** The direction of `sort` (ascending when not given). */
    dir: z.enum(SORT_DIRECTIONS, { error: `dir must be one of ${SORT_DIRECTIONS.join(', ')}` }).optional(),
  })
  .strict();
export type MemberSearchRequest = z.input<typeof memberSearchRequest>;
export type MemberSearchInput = z.output<typeof memberSearchRequest>;

/** How many active members hold each status. */
export const memberStatusCounts = z.record(z.enum(MEMBER_STATUSES), z.number());
export type MemberStatusCounts = z.infer<typeof memberStatusCounts>;

export const memberSearchResponse = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(memberListRecord),
  /** Per status, the members the search and the certification filter find (the status filter aside). */
  counts: memberStatusCounts.optional(),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponse>;

/** adminmembercounts: every active member, and how many of them are Pending (the Admin Panel's badge) or Approved. */
export const memberCountsResponse = z.object({ total: z.number(), byStatus: memberStatusCounts });
export type MemberCountsResponse = z.infer<typeof memberCountsResponse>;

/** approvemember / deactivatemember / memberhistory take `{ id }`, the member acted on (as editMember). */
export const memberActionResponse = z.object({ success: z.literal(true), member: memberListRecord });

export const MEMBER_AUDIT_ACTIONS = [
  'approved',
  'edited',
  'password_changed',
  'deactivated',
  'bank_details_changed',
  // Licences and held commissions (decision 018).
  'licence_added',
  'licence_verified',
  'licence_rejected',
  'commission_released',
  'commission_forfeited',
  // Decision 027: an administrator signed the member out everywhere, or turned their two-factor sign-in off.
  'signed_out_everywhere',
  'mfa_reset',
  // Decision 027: a member changed their own e-mail (the member is the actor), and the owner of the
  // replaced address reported it as not theirs (the address was restored).
  'email_changed',
  'email_change_reported',
] as const;
export type MemberAuditAction = (typeof MEMBER_AUDIT_ACTIONS)[number];

/** memberhistory: what administrators did to a member, newest first. Never a password. */
export const memberAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: z.enum(MEMBER_AUDIT_ACTIONS),
  actor: personRef.nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type MemberAuditEntry = z.infer<typeof memberAuditEntry>;
export const memberHistoryResponse = z.array(memberAuditEntry);

/**
 * The link in the notice to the replaced address of a member's own e-mail change (decision 027):
 * "This wasn't me" puts the old address back, signs the account out everywhere, cancels its reset
 * links and tells the administrators. Usable once, for EMAIL_CHANGE_REPORT_DAYS.
 */
export const EMAIL_CHANGE_REPORT_DAYS = 7;
export const EMAIL_CHANGE_LINK_INVALID =
  'This link has expired or was already used. If your account is not yours any more, contact the agency.';
export const reportEmailChangeRequest = z
  .object({
    token: z
      .string({ error: EMAIL_CHANGE_LINK_INVALID })
      .min(20, EMAIL_CHANGE_LINK_INVALID)
      .max(200, EMAIL_CHANGE_LINK_INVALID)
      .regex(/^[A-Za-z0-9_-]+$/, EMAIL_CHANGE_LINK_INVALID),
  })
  .strict();
export type ReportEmailChangeRequest = z.input<typeof reportEmailChangeRequest>;
/** `restored`: the old address is the account's again (false when another account holds it now: the administrators sort it out). */
export const reportEmailChangeResponse = z.object({ restored: z.boolean() });
export type ReportEmailChangeResponse = z.infer<typeof reportEmailChangeResponse>;
