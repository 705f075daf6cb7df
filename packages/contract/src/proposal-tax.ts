/**
 * The tax engine of a quotation (issue 46, decision 038): what the client pays on an insurer's basic
 * premium. Zod-free, so that the New Proposal form works the breakdown out as the agent types, with
 * the same code the server saves (decision 014).
 *
 * Amounts are integer centavos; rates are integer hundredths of a percent (basis points: 12.5 % is
 * 1250). Each tax is a percentage of the basic premium, rounded half-up to the centavo, worked out in
 * integer arithmetic (BigInt: no float ever touches an amount). Sources: the reference's §"Premium
 * taxes on a quotation" (NIRC s.184 DST, s.108 VAT, the Local Government Code's LGT, RA 9514's FST,
 * the Insurance Commission's CTPL premiums).
 */
import type { Product } from './catalogue.ts';

/**
 * The tax line of a product: which taxes its quotation carries.
 * - `non_life`: DST, VAT and LGT;
 * - `fire`: those and the Fire Service Tax;
 * - `ctpl`: those of non-life and the LTO interconnectivity fee;
 * - `life`: none on the client's side (life and group life: the insurer pays its premium tax; a
 *   pre-need memorial plan and micro-insurance are quoted at the insurer's gross price).
 */
export const TAX_LINES = ['non_life', 'fire', 'ctpl', 'life'] as const;
export type TaxLine = (typeof TAX_LINES)[number];

/** The catalogue's products (catalogue.ts) by tax line: `satisfies` makes a product without a line fail to compile. */
export const PRODUCT_TAX_LINES = {
  Comprehensive: 'non_life',
  CTPL: 'ctpl',
  'Motor Insurance': 'non_life',
  'Residential(Inside Village)': 'fire',
  'residential(Outside Village)': 'fire',
  'Commercial Fire': 'fire',
  'Surety Bond': 'non_life',
  'Perfomance Bond': 'non_life',
  'Warranty Bond': 'non_life',
  'Bond(Others)': 'non_life',
  Prepaid: 'non_life',
  Individual: 'non_life',
  Group: 'non_life',
  GYRT: 'life',
  'Group Accident': 'non_life',
  'Group MRI(CGLI)': 'life',
  'Professional Indemnity': 'non_life',
  CGL: 'non_life',
  'Travel Insurance': 'non_life',
  'Micro Insurance': 'life',
  'Pet Insurance': 'non_life',
  'Memorial Plan': 'life',
} as const satisfies Record<Product, TaxLine>;

export function taxLineOf(product: Product): TaxLine {
  return PRODUCT_TAX_LINES[product];
}

/** The agency's rates and fees a proposal is worked out with (each a setting with a history). */
export interface ProposalRates {
  /** Documentary Stamp Tax, basis points of the basic premium (12.5 % = 1250). */
  dst_bp: number;
  /** VAT, basis points (12 % = 1200). */
  vat_bp: number;
  /** Local Government Tax, basis points (0.2 % = 20): set by the city or province, at most 50 (½ %). */
  lgt_bp: number;
  /** Fire Service Tax, basis points (2 % = 200), fire lines only. */
  fst_bp: number;
  /** The LTO interconnectivity fee on CTPL, centavos (₱50.40 = 5040). */
  lto_fee_centavos: number;
}

export const PROPOSAL_RATE_KEYS = [
  'dst_bp',
  'vat_bp',
  'lgt_bp',
  'fst_bp',
  'lto_fee_centavos',
] as const satisfies readonly (keyof ProposalRates)[];
export type ProposalRateKey = (typeof PROPOSAL_RATE_KEYS)[number];

/** The rates before an administrator sets any (the reference's). */
export const DEFAULT_PROPOSAL_RATES: ProposalRates = {
  dst_bp: 1250,
  vat_bp: 1200,
  lgt_bp: 20,
  fst_bp: 200,
  lto_fee_centavos: 5040,
};

/** The highest rate a setting takes, in basis points (100 %); the LGT's legal cap is ½ % (50). */
export const MAX_RATE_BP = 10_000;
export const MAX_LGT_BP = 50;
/** The highest CTPL basic premium the table takes, centavos (₱100,000: the Commission's highest is ₱3,313). */
export const MAX_CTPL_PREMIUM_CENTAVOS = 10_000_000;
/** The highest fee, centavos (₱10,000). */
export const MAX_FEE_CENTAVOS = 1_000_000;

/** The breakdown of one option, every amount in centavos. */
export interface TaxBreakdown {
  basic_premium: number;
  dst: number;
  vat: number;
  lgt: number;
  fst: number;
  fees: number;
  amount_due: number;
}

/**
 * `bp` basis points of `centavos`, rounded half-up to the centavo: ⌊(c × bp + 5,000) / 10,000⌋,
 * exact for any whole, non-negative amount and rate.
 */
export function percentOf(centavos: number, bp: number): number {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`Not a centavo amount: ${centavos}`);
  if (!Number.isSafeInteger(bp) || bp < 0) throw new RangeError(`Not a rate in basis points: ${bp}`);
  return Number((BigInt(centavos) * BigInt(bp) + 5_000n) / 10_000n);
}

/** What the client pays on a basic premium (centavos) of a line, with the given rates. */
export function taxBreakdown(basicPremium: number, line: TaxLine, rates: ProposalRates): TaxBreakdown {
  const nonLife = line !== 'life';
  const dst = nonLife ? percentOf(basicPremium, rates.dst_bp) : 0;
  const vat = nonLife ? percentOf(basicPremium, rates.vat_bp) : 0;
  const lgt = nonLife ? percentOf(basicPremium, rates.lgt_bp) : 0;
  const fst = line === 'fire' ? percentOf(basicPremium, rates.fst_bp) : 0;
  const fees = line === 'ctpl' ? rates.lto_fee_centavos : 0;
  return { basic_premium: basicPremium, dst, vat, lgt, fst, fees, amount_due: basicPremium + dst + vat + lgt + fst + fees };
}

/** The breakdown of a product's option. */
export function productBreakdown(basicPremium: number, product: Product, rates: ProposalRates): TaxBreakdown {
  return taxBreakdown(basicPremium, taxLineOf(product), rates);
}

/** The CTPL vehicle types of the Insurance Commission's table, with their labels. */
export const CTPL_VEHICLE_TYPES = [
  { key: 'private_car', label: 'Private car or UV' },
  { key: 'motorcycle', label: 'Motorcycle, tricycle or trailer' },
  { key: 'light_medium_truck', label: 'Light and medium truck' },
  { key: 'heavy_truck', label: 'Heavy truck' },
  { key: 'ac_tourist_car', label: 'AC and tourist car' },
  { key: 'taxi_puj_minibus', label: 'Taxi, PUJ and minibus' },
  { key: 'pub_tourist_bus', label: 'PUB and tourist bus' },
] as const;
export type CtplVehicleType = (typeof CTPL_VEHICLE_TYPES)[number]['key'];
export const CTPL_VEHICLE_TYPE_KEYS = CTPL_VEHICLE_TYPES.map((v) => v.key) as [CtplVehicleType, ...CtplVehicleType[]];

/** A CTPL policy runs one year, or three for a new vehicle (IC CL 10-2005). */
export const CTPL_TERMS = [1, 3] as const;
export type CtplTerm = (typeof CTPL_TERMS)[number];

/** The Insurance Commission's CTPL basic premiums (unchanged since 2006), centavos, before an administrator changes any. */
export const DEFAULT_CTPL_PREMIUMS: Record<CtplVehicleType, Record<CtplTerm, number>> = {
  private_car: { 1: 44_700, 3: 128_500 },
  motorcycle: { 1: 20_000, 3: 57_400 },
  light_medium_truck: { 1: 48_700, 3: 140_400 },
  heavy_truck: { 1: 95_800, 3: 274_700 },
  ac_tourist_car: { 1: 59_100, 3: 169_300 },
  taxi_puj_minibus: { 1: 87_800, 3: 251_500 },
  pub_tourist_bus: { 1: 115_700, 3: 331_300 },
};
