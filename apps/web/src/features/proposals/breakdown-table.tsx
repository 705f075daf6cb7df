import { formatPeso } from '@ahente/contract/money';
import type { BreakdownRecord } from '@ahente/contract/proposals';
import type { TaxLine } from '@ahente/contract/proposal-tax';
import { cn } from '../../lib/cn';

/** The words of a breakdown: the feature's texts for the agent, the public page's own for the client. */
export interface BreakdownWords {
  caption: string;
  basicPremium: string;
  dst: string;
  vat: string;
  lgt: string;
  fst: string;
  fees: string;
  amountDue: string;
}

/** Which lines a tax line shows (a life line carries none of the taxes: only its premium and amount due). */
function linesOf(line: TaxLine): (keyof Omit<BreakdownRecord, 'amount_due'>)[] {
  if (line === 'life') return ['basic_premium'];
  if (line === 'fire') return ['basic_premium', 'dst', 'vat', 'lgt', 'fst'];
  if (line === 'ctpl') return ['basic_premium', 'dst', 'vat', 'lgt', 'fees'];
  return ['basic_premium', 'dst', 'vat', 'lgt'];
}

const WORD: Record<keyof BreakdownRecord, keyof BreakdownWords> = {
  basic_premium: 'basicPremium',
  dst: 'dst',
  vat: 'vat',
  lgt: 'lgt',
  fst: 'fst',
  fees: 'fees',
  amount_due: 'amountDue',
};

/**
 * An option's breakdown as a description list: the basic premium, each tax its line carries and the
 * amount due, amounts at the right, never wrapping (decision 024). Shared by the form (worked out as
 * the agent types), the proposal's page and the client's page. Polite live region on the form so a
 * screen reader hears the new amount due once typing pauses.
 */
export function BreakdownTable({
  breakdown,
  line,
  words,
  live = false,
  className,
}: {
  breakdown: BreakdownRecord;
  line: TaxLine;
  words: BreakdownWords;
  live?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('rounded-lg bg-slate-50 p-3 ring-1 ring-slate-900/5 ring-inset', className)}>
      <p className="sr-only">{words.caption}</p>
      <dl className="space-y-1 text-sm">
        {linesOf(line).map((key) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-slate-600">{words[WORD[key]]}</dt>
            <dd className="whitespace-nowrap text-slate-800 tabular-nums" data-fit="amount">
              {formatPeso(breakdown[key])}
            </dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-3 border-t border-slate-200 pt-2 font-semibold">
          <dt className="text-slate-900">{words.amountDue}</dt>
          <dd className="whitespace-nowrap text-slate-900 tabular-nums" data-fit="amount" aria-live={live ? 'polite' : undefined}>
            {formatPeso(breakdown.amount_due)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
