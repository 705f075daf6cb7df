import { currentLocale, perLocale } from '../../lib/locale';

/** Display helpers of the Performance Reports, in the reader's locale: months ('YYYY-MM') and compact pesos for chart axes. */

const monthDate = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
const shortMonth = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'short', timeZone: 'UTC' }));

/** An axis tick: '2026-03' → 'Mar'; January carries its year ('Jan ’26') so the turn of the year shows. */
export function monthTick(month: string): string {
  const name = shortMonth().format(monthDate(month));
  return month.endsWith('-01') ? `${name} ’${month.slice(2, 4)}` : name;
}

const compactPeso = perLocale(
  (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'PHP', notation: 'compact', maximumFractionDigits: 1 }),
);
/** ₱1.2M, ₱350K: for axis ticks only; every figure a person reads in full uses formatPeso. */
export const formatPesoCompact = (pesos: number) => compactPeso().format(pesos);

export const formatCount = (n: number) => n.toLocaleString(currentLocale());

const shortMonthYear = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'short', year: 'numeric', timeZone: 'UTC' }));
/** 'YYYY-MM' as 'Nov 2026' ('Nob 2026'). */
export const shortMonthText = (month: string) => shortMonthYear().format(monthDate(month));

/** A share of a whole as a percentage with one decimal ('42.5%'); 0% of nothing. */
export function formatShare(part: number, whole: number): string {
  return `${whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0'}%`;
}

/** Chart colours: Tailwind's teal-600 (the brand), amber-600 and slate-500, as SVG needs them. */
export const CHART = { tcv: '#0d9488', count: '#b45309', grid: '#e2e8f0', axis: '#64748b' } as const;
