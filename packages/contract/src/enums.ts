/** Enumerations, spelt exactly as the spec spells them (its client sends these values). */
export const ACCOUNT_TYPES = ['user', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const POSITIONS = ['Agent', 'Manager', 'AgencyManager', 'AgencyOwner'] as const;
export type Position = (typeof POSITIONS)[number];
/** How each value of this file reads on screen and in documents: labels.ts (decision 023). */

export const MEMBER_STATUSES = ['Pending', 'Approved'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const TRANSACTION_TYPES = ['New', 'Renewal', 'Expansion'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const DEAL_STATUSES = [
  'For Quotation',
  'Under Negotiation',
  'For Application',
  'For Billing',
  'For Payment Collection',
  'Did not Continue',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
/** The edit form offers every status but 'Did not Continue'; the API accepts all six. */
export const EDITABLE_DEAL_STATUSES = DEAL_STATUSES.filter((s) => s !== 'Did not Continue');

export const SALES_TYPES = ['Direct', 'Agent'] as const;
export type SalesType = (typeof SALES_TYPES)[number];

export const SALES_GROUPS = ['MedicalSalesGroup', 'CarSalesGroup', 'Operations'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
