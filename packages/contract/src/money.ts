/** Money is pesos with at most 2 decimals, kept as integer centavos (decision 005). */
export const MAX_TCV_PESOS = 10_000_000_000; // ₱10 billion: far above any single policy

/** Pesos (number or numeric string, at most 2 decimals) to integer centavos, exactly. */
export function pesosToCentavos(value: number | string): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`Not a peso amount: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function centavosToPesos(centavos: number): number {
  return Math.round(centavos) / 100;
}

/** Excel's "₱ English (Philippines)" currency format: peso sign, thousands separators, two decimals. */
export const PESO_EXCEL_FORMAT = '[$₱-3409]#,##0.00';

let pesoLocale: 'en-PH' | 'fil-PH' = 'en-PH';
/**
 * Built on the first peso written, not when the module loads: the first `Intl` formatter of a page
 * loads the browser's locale data, about a tenth of a second on a phone, which a page whose first
 * paint shows no amount should not wait for (decision 014).
 */
let pesoFormat: Intl.NumberFormat | null = null;

/** The locale pesos are written in: 'en-PH' (the default, and always on the server) or 'fil-PH' (decision 030). */
export function setPesoLocale(locale: 'en-PH' | 'fil-PH'): void {
  if (locale !== pesoLocale) pesoFormat = null;
  pesoLocale = locale;
}

/** ₱1,234,567.89 */
export function formatPeso(pesos: number): string {
  pesoFormat ??= new Intl.NumberFormat(pesoLocale, { style: 'currency', currency: 'PHP' });
  return pesoFormat.format(pesos);
}

/** Sum of peso amounts (either sign) computed in centavos so 0.1 + 0.2 is 0.30. */
export function sumPesos(values: readonly number[]): number {
  return centavosToPesos(values.reduce((acc, v) => acc + Math.sign(v) * pesosToCentavos(Math.abs(v)), 0));
}
