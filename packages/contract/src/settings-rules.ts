/**
 * The certification fields and the dashboard's reminder rule: no zod and no schema, so that the web's first load (the dashboard, the layout) can use
 * them without building the route table's schemas (decision 014). Re-exported by the schema module
 * of the same domain, which the server and the forms import.
 */

/** The six 'TLC Attended' dates, in the order the form shows them, with their labels. */
export const TLC_FIELDS = [
  { key: 'individual_hmo', label: 'Individual HMO' },
  { key: 'sme_hmo', label: 'SME HMO' },
  { key: 'corporate_gyrt', label: 'Corporate GYRT' },
  { key: 'prepaid_hmo', label: 'Prepaid HMO' },
  { key: 'corporate_cgli', label: 'Corporate CGLI' },
  { key: 'corporate_hmo', label: 'Corporate HMO' },
] as const;
export type TlcField = (typeof TLC_FIELDS)[number]['key'];

/** The coding dates, with their labels. */
export const CODING_FIELDS = [
  { key: 'coding_date_1', label: 'Coding Date 1' },
  { key: 'coding_date_2', label: 'Coding Date 2' },
] as const;

/**
 * What the dashboard reminds an agent of (decision 015, "Certifications"): no certification on
 * file, no coding date on any of them, no TLC date on any of them. Nothing expires: only what is on
 * file is read.
 */
export interface CertificationGaps {
  none: boolean;
  codingDates: boolean;
  tlc: boolean;
}
export function certificationGaps(list: readonly Record<TlcField | 'coding_date_1' | 'coding_date_2', string | null>[]): CertificationGaps {
  return {
    none: list.length === 0,
    codingDates: !list.some((c) => c.coding_date_1 !== null || c.coding_date_2 !== null),
    tlc: !list.some((c) => TLC_FIELDS.some(({ key }) => c[key] !== null)),
  };
}

/** A certification with every field empty is refused with this (the form and the server). */
export const CERTIFICATION_EMPTY = 'Fill in at least one field of the certification';
