import { Search } from 'lucide-react';
import { useId } from 'react';
import { LIMITS } from '@ahente/contract/common';
import { POLICY_STATUS_LABELS, POLICY_STATUSES, type PolicyStatus, type PolicyStatusCounts } from '@ahente/contract/portfolio';
import { EXPIRING_WITHIN_DAYS } from '@ahente/contract/portfolio-rules';
import './i18n';
import { useLanguage } from '../../i18n';
import { cn } from '../../lib/cn';
import { currentLocale } from '../../lib/locale';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';

/** The order the counts are shown in: what needs the agent first. */
const STATUS_ORDER: readonly PolicyStatus[] = ['due', 'lapsed', 'in force', 'renewed', 'cancelled'];

/** A count that asks for attention when above 0. */
const ATTENTION: Partial<Record<PolicyStatus, string>> = {
  due: 'text-amber-800',
  lapsed: 'text-red-700',
};

interface StatusCountsProps {
  value: PolicyStatus | null;
  /** Per status, what the search and the expiring filter find; none while loading. */
  counts: PolicyStatusCounts | undefined;
  onChange: (status: PolicyStatus | null) => void;
}

/**
 * The counts per status at the top of the Portfolio, each a toggle button that filters the list
 * (All, Due, Lapsed, In force, Renewed, Cancelled). Their boxes keep their size while the counts
 * load, so nothing below moves.
 */
export function StatusCounts({ value, counts, onChange }: StatusCountsProps) {
  const { t } = useLanguage();
  const total = counts ? POLICY_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) : undefined;
  const choices: readonly (PolicyStatus | null)[] = [null, ...STATUS_ORDER];
  return (
    <div role="group" aria-label={t('portfolio.statusGroup')} className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {choices.map((status) => {
        const pressed = value === status;
        const count = status ? counts?.[status] : total;
        const label = status ? POLICY_STATUS_LABELS[status] : t('portfolio.all');
        return (
          <button
            key={status ?? 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(status)}
            className={cn(
              'flex min-w-0 flex-col items-start rounded-lg px-3 py-2 text-left ring-1 transition-colors ring-inset',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              pressed ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-slate-200 hover:bg-slate-50',
            )}
          >
            <span className={cn('text-xs font-medium', pressed ? 'text-brand-800' : 'text-slate-600')}>{label}</span>{' '}
            {count === undefined ? (
              <Skeleton className="mt-1 h-6 w-8" />
            ) : (
              <span
                data-fit="amount"
                className={cn(
                  'mt-0.5 text-xl leading-7 font-semibold whitespace-nowrap tabular-nums',
                  (status && count > 0 && ATTENTION[status]) || 'text-slate-900',
                )}
              >
                {count.toLocaleString(currentLocale())}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

interface ExpiringFilterProps {
  value: number | null;
  onChange: (days: number | null) => void;
}

/** "Expiring in" Any time, 30, 60 or 90 days: toggle buttons. */
export function ExpiringFilter({ value, onChange }: ExpiringFilterProps) {
  const { t } = useLanguage();
  const labelId = useId();
  const choices: readonly (number | null)[] = [null, ...EXPIRING_WITHIN_DAYS];
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {t('portfolio.expiringIn')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-200/60 p-1">
        {choices.map((days) => {
          const pressed = value === days;
          return (
            <button
              key={days ?? 'any'}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(days)}
              className={cn(
                'inline-flex h-8 shrink-0 items-center rounded-md px-2 text-sm sm:px-3 font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                pressed
                  ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-900/5'
                  : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {days === null ? t('portfolio.anyTime') : t('portfolio.days', { n: days })}
            </button>
          );
        })}
      </div>
    </div>
  );
}

interface PolicySearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search at once rather than after the pause in typing. */
  onSubmit: () => void;
}

/** The search on the customer's name or the policy number. */
export function PolicySearch({ value, onChange, onSubmit }: PolicySearchProps) {
  const { t } = useLanguage();
  const inputId = useId();
  return (
    <form
      role="search"
      aria-label={t('portfolio.searchForm')}
      className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {t('portfolio.search')}
      </label>
      <Input
        id={inputId}
        type="search"
        leading={<Search />}
        placeholder={t('portfolio.searchPlaceholder')}
        autoComplete="off"
        maxLength={LIMITS.name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </form>
  );
}
