/** The product catalogue, spelt exactly as the spec's client sends it ("Perfomance Bond" included): never corrected. */
export const PRODUCT_CATALOGUE = {
  Motor: ['Comprehensive', 'CTPL', 'Motor Insurance'],
  Fire: ['Residential(Inside Village)', 'residential(Outside Village)', 'Commercial Fire'],
  Bonds: ['Surety Bond', 'Perfomance Bond', 'Warranty Bond', 'Bond(Others)'],
  Medical: ['Prepaid', 'Individual', 'Group'],
  Group: ['GYRT', 'Group Accident', 'Group MRI(CGLI)'],
  Liabilities: ['Professional Indemnity', 'CGL'],
  Others: ['Travel Insurance', 'Micro Insurance', 'Pet Insurance', 'Memorial Plan'],
} as const satisfies Record<string, readonly string[]>;

export type ProductCategory = keyof typeof PRODUCT_CATALOGUE;
export type Product = (typeof PRODUCT_CATALOGUE)[ProductCategory][number];

export const PRODUCT_CATEGORIES = Object.keys(PRODUCT_CATALOGUE) as ProductCategory[];
export const PRODUCTS: readonly Product[] = PRODUCT_CATEGORIES.flatMap((c) => PRODUCT_CATALOGUE[c]);

export function isProduct(value: string): value is Product {
  return (PRODUCTS as readonly string[]).includes(value);
}

/** The category a product belongs to ("Group" is both a category and a Medical product). */
export function categoryOf(product: string): ProductCategory | undefined {
  return PRODUCT_CATEGORIES.find((c) => (PRODUCT_CATALOGUE[c] as readonly string[]).includes(product));
}
