import { describe, expect, it } from 'vitest';
import { PRODUCT_CATALOGUE, PRODUCT_CATEGORIES, PRODUCTS } from '@ahente/contract/catalogue';
import {
  ACCOUNT_TYPES,
  DEAL_STATUSES,
  GENDERS,
  MEMBER_STATUSES,
  POSITIONS,
  SALES_GROUPS,
  SALES_TYPES,
  TRANSACTION_TYPES,
} from '@ahente/contract/enums';
import { LABELS, labelOf, labelOptions, productLabel, type LabelKind } from '@ahente/contract/labels';

/** Each label map beside the values it must name: every catalogue list of the contract. */
const VALUES: Record<LabelKind, readonly string[]> = {
  accountType: ACCOUNT_TYPES,
  position: POSITIONS,
  memberStatus: MEMBER_STATUSES,
  gender: GENDERS,
  transactionType: TRANSACTION_TYPES,
  dealStatus: DEAL_STATUSES,
  salesType: SALES_TYPES,
  salesGroup: SALES_GROUPS,
  productCategory: PRODUCT_CATEGORIES,
  product: PRODUCTS,
};

/** A code a person should never read: two words run together ('MedicalSalesGroup', 'AgencyOwner'). */
const CAMEL_CASE = /[a-z][A-Z]/;

describe('the label map (decision 023)', () => {
  it('labels every value of every catalogue list, and nothing else', () => {
    expect(Object.keys(LABELS).sort()).toEqual(Object.keys(VALUES).sort());
    for (const [kind, values] of Object.entries(VALUES) as [LabelKind, readonly string[]][]) {
      expect(Object.keys(LABELS[kind]).sort(), kind).toEqual([...values].sort());
      for (const value of values) {
        const label = labelOf(kind, value);
        expect(label, `${kind} ${value}`).toMatch(/\S/);
        expect(label, `${kind} ${value}`).toBe(label.trim());
        expect(label, `${kind} ${value}`).not.toMatch(CAMEL_CASE);
        // A word glued to a bracket ('Bond(Others)') is mended too.
        expect(label, `${kind} ${value}`).not.toMatch(/\S\(/);
      }
    }
    expect(PRODUCTS).toHaveLength(Object.values(PRODUCT_CATALOGUE).flat().length);
  });

  it('names the values the issue names', () => {
    expect(labelOf('salesGroup', 'MedicalSalesGroup')).toBe('Medical Sales Group');
    expect(labelOf('salesGroup', 'CarSalesGroup')).toBe('Car Sales Group');
    expect(labelOf('salesGroup', 'Operations')).toBe('Operations');
    expect(labelOf('position', 'AgencyManager')).toBe('Agency Manager');
    expect(labelOf('position', 'AgencyOwner')).toBe('Agency Owner');
    expect(labelOf('position', 'Manager')).toBe('Manager');
    expect(labelOf('accountType', 'user')).toBe('Agent');
    expect(labelOf('accountType', 'admin')).toBe('Administrator');
    expect(labelOf('gender', 'female')).toBe('Female');
    expect(productLabel('Perfomance Bond')).toBe('Performance Bond');
    expect(productLabel('residential(Outside Village)')).toBe('Residential (Outside Village)');
    expect(productLabel('Residential(Inside Village)')).toBe('Residential (Inside Village)');
    expect(productLabel('Bond(Others)')).toBe('Bond (Others)');
    expect(productLabel('Group MRI(CGLI)')).toBe('Group MRI (CGLI)');
    expect(productLabel('CTPL')).toBe('CTPL');
  });

  it('labels are distinct within a list, so no two options read alike', () => {
    for (const [kind, values] of Object.entries(VALUES) as [LabelKind, readonly string[]][]) {
      const labels = values.map((v) => labelOf(kind, v));
      expect(new Set(labels).size, kind).toBe(values.length);
    }
  });

  it('a select sends the exact catalogue value and shows its label', () => {
    expect(labelOptions('salesGroup', SALES_GROUPS)).toEqual([
      { value: 'MedicalSalesGroup', label: 'Medical Sales Group' },
      { value: 'CarSalesGroup', label: 'Car Sales Group' },
      { value: 'Operations', label: 'Operations' },
    ]);
    expect(labelOptions('product', PRODUCT_CATALOGUE.Bonds).map((o) => o.value)).toEqual([...PRODUCT_CATALOGUE.Bonds]);
  });

  it('a value outside the list reads as it is stored', () => {
    expect(productLabel('Residential(Outside Village)')).toBe('Residential(Outside Village)');
    expect(labelOf('position', '')).toBe('');
  });
});
