/**
 * What the BIR's documents of a quarter show (decision 019): a payee's Form 2307 (Certificate of
 * Creditable Tax Withheld at Source) and the agency's alphalist of payees for the 1601-EQ. Plain
 * data, so it survives a structured clone (a worker thread, should one draw it). Amounts are pesos
 * with at most 2 decimals; rates are percent.
 */

export interface Form2307Document {
  year: number;
  quarter: number;
  /** The quarter's months, YYYY-MM. */
  months: [string, string, string];
  /** The payee's name as the form asks it (Last Name, First Name, Middle Name); a missing TIN or address prints "Not on file". */
  payee: { name: string; tin: string | null; address: string | null };
  /** The agency: its TIN dashed with the branch code (123-456-789-000), registered name and address, RDO code. */
  payor: { name: string; tin: string; address: string; rdo: string };
  /** One line per ATC: the income of each month of the quarter, their total and the tax withheld on them. */
  lines: { atc: string; rate: number; months: [number, number, number]; income: number; tax: number }[];
  totals: { months: [number, number, number]; income: number; tax: number };
  /** YYYY-MM-DD */
  issuedOn: string;
}

/** One payee's income and tax of the quarter under one ATC. */
export interface AlphalistRow {
  member_id: number;
  tin: string | null;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  atc: string;
  /** Percent. */
  rate: number;
  income: number;
  tax: number;
}

export interface AlphalistDocument {
  year: number;
  quarter: number;
  /** The agency: TIN dashed (with or without the branch code), registered name and address, RDO code. */
  agency: { name: string; tin: string; address: string; rdo: string };
  /** In the order the files list them (the .DAT numbers them 1, 2, … in this order). */
  rows: AlphalistRow[];
}

/** What a document prints where a TIN or an address is not on file. */
export const NOT_ON_FILE = 'Not on file';

const amountFormat = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Pesos as the BIR's forms write them: thousands separators, 2 decimals, no peso sign (1,234.50). */
export const formatAmount = (pesos: number) => amountFormat.format(pesos === 0 ? 0 : pesos);
