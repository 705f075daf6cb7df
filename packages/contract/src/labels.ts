import { PRODUCT_CATEGORIES, PRODUCTS, type Product, type ProductCategory } from './catalogue.ts';
import {
  ACCOUNT_TYPES,
  DEAL_STATUSES,
  GENDERS,
  MEMBER_STATUSES,
  POSITIONS,
  SALES_GROUPS,
  SALES_TYPES,
  TRANSACTION_TYPES,
  type AccountType,
  type DealStatus,
  type Gender,
  type MemberStatus,
  type Position,
  type SalesGroup,
  type SalesType,
  type TransactionType,
} from './enums.ts';

/**
 * How the catalogue's values read (decision 023). A value keeps the spec's exact spelling wherever
 * it is stored or sent ('MedicalSalesGroup', 'Perfomance Bond'); what a person reads — a select's
 * option text, a badge, a table cell, a chart, a PDF or spreadsheet cell — is its label from these
 * maps, the one place labels are written. A value with no word of its own reads as it is spelt.
 */
function labelled<V extends string>(values: readonly V[], words: Partial<Record<V, string>> = {}): Record<V, string> {
  return Object.fromEntries(values.map((v) => [v, words[v] ?? v])) as Record<V, string>;
}

/** 'user' and 'admin' as a person reads them. */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = labelled(ACCOUNT_TYPES, { user: 'Agent', admin: 'Administrator' });

export const POSITION_LABELS: Record<Position, string> = labelled(POSITIONS, {
  AgencyManager: 'Agency Manager',
  AgencyOwner: 'Agency Owner',
});

export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = labelled(MEMBER_STATUSES);

export const GENDER_LABELS: Record<Gender, string> = labelled(GENDERS, { male: 'Male', female: 'Female' });

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = labelled(TRANSACTION_TYPES);

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = labelled(DEAL_STATUSES);

export const SALES_TYPE_LABELS: Record<SalesType, string> = labelled(SALES_TYPES);

export const SALES_GROUP_LABELS: Record<SalesGroup, string> = labelled(SALES_GROUPS, {
  MedicalSalesGroup: 'Medical Sales Group',
  CarSalesGroup: 'Car Sales Group',
});

export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = labelled(PRODUCT_CATEGORIES);

/** The catalogue's products, with the spec's misspelling and missing spaces mended for the reader. */
export const PRODUCT_LABELS: Record<Product, string> = labelled(PRODUCTS, {
  'Perfomance Bond': 'Performance Bond',
  'Residential(Inside Village)': 'Residential (Inside Village)',
  'residential(Outside Village)': 'Residential (Outside Village)',
  'Bond(Others)': 'Bond (Others)',
  'Group MRI(CGLI)': 'Group MRI (CGLI)',
});

/** Every label map by the kind of value it labels. */
export const LABELS = {
  accountType: ACCOUNT_TYPE_LABELS,
  position: POSITION_LABELS,
  memberStatus: MEMBER_STATUS_LABELS,
  gender: GENDER_LABELS,
  transactionType: TRANSACTION_TYPE_LABELS,
  dealStatus: DEAL_STATUS_LABELS,
  salesType: SALES_TYPE_LABELS,
  salesGroup: SALES_GROUP_LABELS,
  productCategory: PRODUCT_CATEGORY_LABELS,
  product: PRODUCT_LABELS,
} as const satisfies Record<string, Record<string, string>>;

export type LabelKind = keyof typeof LABELS;

/**
 * The words of the reader's language for a value, when a screen shows another language than
 * English (decision 030): the web sets it when the language changes; the server never does. It
 * answers undefined for a value without words of its own in that language (it reads as in English).
 */
type LabelTranslator = (kind: LabelKind, value: string) => string | undefined;
let translateLabel: LabelTranslator | null = null;

/** Sets (or with null, removes) the words of the reader's language for the catalogue's values. */
export function setLabelTranslator(translator: LabelTranslator | null): void {
  translateLabel = translator;
}

/** What a person reads for `value` of the given kind; a value outside the list reads as it is stored. */
export function labelOf(kind: LabelKind, value: string): string {
  return translateLabel?.(kind, value) ?? (LABELS[kind] as Record<string, string | undefined>)[value] ?? value;
}

/** A product's name as a person reads it ('Perfomance Bond' → 'Performance Bond'). */
export function productLabel(product: string): string {
  return labelOf('product', product);
}

/** A select's options: each value sent as the catalogue spells it, shown as its label. */
export function labelOptions(kind: LabelKind, values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: labelOf(kind, value) }));
}

/**
 * A member's ID as every screen, PDF and spreadsheet writes it (decision 023): 'ID#: 12', the
 * spec's header form ('Welcome back, {name}, ID#: {id}'). The spec's 'Member ID # {id}' stays
 * verbatim on Edit Member Details only. A record's number is '#12' after its kind: 'Sale #12', 'Ticket #12'.
 */
export const memberIdText = (id: number): string => `ID#: ${id}`;

/** A name with the member's ID: 'Juan Cruz (ID#: 12)'. */
export const nameWithId = (name: string, id: number): string => `${name} (${memberIdText(id)})`;
