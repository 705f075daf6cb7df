import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '@ahente/contract/catalogue';
import {
  DEFAULT_CTPL_PREMIUMS,
  DEFAULT_PROPOSAL_RATES,
  PRODUCT_TAX_LINES,
  percentOf,
  productBreakdown,
  taxBreakdown,
  type TaxBreakdown,
} from '@ahente/contract/proposal-tax';

/** The tax engine (decision 038) against breakdowns worked out by hand; amounts in centavos. */
const rates = DEFAULT_PROPOSAL_RATES; // DST 12.5 %, VAT 12 %, LGT 0.2 %, FST 2 %, LTO fee ₱50.40

describe('percentOf: half-up to the centavo, integers only', () => {
  it('rounds half up, never down, and is exact far beyond floats', () => {
    expect(percentOf(44_700, 1250)).toBe(5_588); // 5,587.5 → 5,588
    expect(percentOf(44_908, 1250)).toBe(5_614); // 5,613.5 → 5,614
    expect(percentOf(100, 20)).toBe(0); // 0.2 → 0
    expect(percentOf(250, 20)).toBe(1); // 0.5 → 1
    expect(percentOf(0, 1250)).toBe(0);
    // ₱10 billion at 12.5 %: 1,000,000,000,000 × 1,250 = 1.25e15, exact.
    expect(percentOf(1_000_000_000_000, 1250)).toBe(125_000_000_000);
    // An amount whose float product is inexact: 3,333,333,333,333 × 0.125 = 416,666,666,666.625 → …667.
    expect(percentOf(3_333_333_333_333, 1250)).toBe(416_666_666_667);
  });
  it('refuses what is not a whole non-negative amount or rate', () => {
    expect(() => percentOf(1.5, 1250)).toThrow(RangeError);
    expect(() => percentOf(-1, 1250)).toThrow(RangeError);
    expect(() => percentOf(100, 12.5)).toThrow(RangeError);
  });
});

describe('the catalogue by tax line', () => {
  it('places every product', () => {
    for (const product of PRODUCTS) expect(PRODUCT_TAX_LINES[product]).toBeDefined();
    expect(PRODUCT_TAX_LINES.CTPL).toBe('ctpl');
    expect(PRODUCT_TAX_LINES['Commercial Fire']).toBe('fire');
    expect(PRODUCT_TAX_LINES.GYRT).toBe('life');
    expect(PRODUCT_TAX_LINES['Group MRI(CGLI)']).toBe('life');
    expect(PRODUCT_TAX_LINES.Comprehensive).toBe('non_life');
  });
});

describe('hand-worked breakdowns', () => {
  it('Motor comprehensive, basic ₱18,437.55', () => {
    // basic 1,843,755
    // DST 12.5 %: 1,843,755 × 0.125 = 230,469.375 → 230,469 (₱2,304.69)
    // VAT 12 %:   1,843,755 × 0.12  = 221,250.6   → 221,251 (₱2,212.51)
    // LGT 0.2 %:  1,843,755 × 0.002 =   3,687.51  →   3,688 (₱36.88)
    // FST none, fees none
    // due: 1,843,755 + 230,469 + 221,251 + 3,688 = 2,299,163 (₱22,991.63)
    expect(productBreakdown(1_843_755, 'Comprehensive', rates)).toEqual<TaxBreakdown>({
      basic_premium: 1_843_755,
      dst: 230_469,
      vat: 221_251,
      lgt: 3_688,
      fst: 0,
      fees: 0,
      amount_due: 2_299_163,
    });
  });

  it('CTPL, private car, one year: ₱447', () => {
    // basic 44,700 (the table's)
    // DST: 44,700 × 0.125 = 5,587.5 → 5,588 (half-up; ₱55.88)
    // VAT: 44,700 × 0.12  = 5,364   → 5,364 (₱53.64)
    // LGT: 44,700 × 0.002 =    89.4 →    89 (₱0.89)
    // LTO fee 5,040 (₱50.40)
    // due: 44,700 + 5,588 + 5,364 + 89 + 5,040 = 60,781 (₱607.81)
    expect(DEFAULT_CTPL_PREMIUMS.private_car[1]).toBe(44_700);
    expect(productBreakdown(44_700, 'CTPL', rates)).toEqual<TaxBreakdown>({
      basic_premium: 44_700,
      dst: 5_588,
      vat: 5_364,
      lgt: 89,
      fst: 0,
      fees: 5_040,
      amount_due: 60_781,
    });
  });

  it('CTPL, private car, three years: ₱1,285', () => {
    // basic 128,500
    // DST: 128,500 × 0.125 = 16,062.5 → 16,063 (₱160.63)
    // VAT: 128,500 × 0.12  = 15,420   → 15,420 (₱154.20)
    // LGT: 128,500 × 0.002 =    257   →    257 (₱2.57)
    // LTO fee once: 5,040
    // due: 128,500 + 16,063 + 15,420 + 257 + 5,040 = 165,280 (₱1,652.80)
    expect(DEFAULT_CTPL_PREMIUMS.private_car[3]).toBe(128_500);
    expect(productBreakdown(128_500, 'CTPL', rates)).toEqual<TaxBreakdown>({
      basic_premium: 128_500,
      dst: 16_063,
      vat: 15_420,
      lgt: 257,
      fst: 0,
      fees: 5_040,
      amount_due: 165_280,
    });
  });

  it('Fire (residential), basic ₱3,333.33', () => {
    // basic 333,333
    // DST: 333,333 × 0.125 = 41,666.625 → 41,667 (₱416.67)
    // VAT: 333,333 × 0.12  = 39,999.96  → 40,000 (₱400.00)
    // LGT: 333,333 × 0.002 =    666.666 →    667 (₱6.67)
    // FST: 333,333 × 0.02  =  6,666.66  →  6,667 (₱66.67)
    // due: 333,333 + 41,667 + 40,000 + 667 + 6,667 = 422,334 (₱4,223.34)
    expect(productBreakdown(333_333, 'Residential(Inside Village)', rates)).toEqual<TaxBreakdown>({
      basic_premium: 333_333,
      dst: 41_667,
      vat: 40_000,
      lgt: 667,
      fst: 6_667,
      fees: 0,
      amount_due: 422_334,
    });
  });

  it('GYRT, basic ₱12,000: no tax on the client’s side', () => {
    // basic 1,200,000; DST, VAT, LGT, FST, fees 0; due 1,200,000 (₱12,000.00)
    expect(productBreakdown(1_200_000, 'GYRT', rates)).toEqual<TaxBreakdown>({
      basic_premium: 1_200_000,
      dst: 0,
      vat: 0,
      lgt: 0,
      fst: 0,
      fees: 0,
      amount_due: 1_200_000,
    });
  });

  it("an insurer's published CTPL breakdown: ours is ₱0.01 above, in the DST", () => {
    // Published (private car): basic ₱449.08, DST ₱56.13, VAT ₱53.89, LGT ₱0.90, LTO ₱50.40, total ₱610.40.
    // Ours on basic 44,908:
    // DST: 44,908 × 0.125 = 5,613.5  → 5,614 half-up (the insurer shows 5,613: it rounds this half down,
    //      or truncates ₱0.50 per ₱4 worked on the peso; decision 038 keeps half-up, one rule for every tax)
    // VAT: 44,908 × 0.12  = 5,388.96 → 5,389 (as published)
    // LGT: 44,908 × 0.002 =    89.816 →   90 (as published)
    // due: 44,908 + 5,614 + 5,389 + 90 + 5,040 = 61,041 (₱610.41), published 61,040 (₱610.40)
    const ours = productBreakdown(44_908, 'CTPL', rates);
    const published = { basic_premium: 44_908, dst: 5_613, vat: 5_389, lgt: 90, fst: 0, fees: 5_040, amount_due: 61_040 };
    expect(ours).toEqual({ ...published, dst: 5_614, amount_due: 61_041 });
    expect(ours.amount_due - published.amount_due).toBe(1);
  });

  it('takes the rates it is given (a city with LGT 0.75 %, a new LTO fee)', () => {
    // 44,700 × 0.0075 = 335.25 → 335; fee 6,000
    const b = taxBreakdown(44_700, 'ctpl', { ...rates, lgt_bp: 75, lto_fee_centavos: 6_000 });
    expect(b.lgt).toBe(335);
    expect(b.fees).toBe(6_000);
    expect(b.amount_due).toBe(44_700 + 5_588 + 5_364 + 335 + 6_000);
  });
});
