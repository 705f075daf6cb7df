import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { MEMBER_STATUSES, type MemberStatus } from '@ahente/contract/enums';
import type { MemberSortColumn, MemberStatusCounts, SortDirection } from '@ahente/contract/members';
import { cn } from '../../lib/cn';
import { TableHeaderCell } from '../../ui/table';

/** The Members Record's order: a column and direction, or null for the default (Pending first, then newest). */
export type MemberSort = { sort: MemberSortColumn; dir: SortDirection } | null;

/** The direction a column sorts in on its first click: dates newest first, the rest A to Z. */
const FIRST_DIRECTION: Partial<Record<MemberSortColumn, SortDirection>> = { reg_date: 'desc' };

/** A click on a column's header: its first direction, then the other, then back to the default order. */
export function nextSort(current: MemberSort, column: MemberSortColumn): MemberSort {
  const first = FIRST_DIRECTION[column] ?? 'asc';
  if (current?.sort !== column) return { sort: column, dir: first };
  if (current.dir === first) return { sort: column, dir: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** How the list is ordered, in words (under the status filter). */
export function sortDescription(order: MemberSort, labels: Record<MemberSortColumn, string>): string {
  if (!order) return 'Pending first, then newest.';
  const words: Partial<Record<MemberSortColumn, [string, string]>> = {
    id: ['lowest first', 'highest first'],
    reg_date: ['oldest first', 'newest first'],
    status: ['Pending first', 'Approved first'],
  };
  const [asc, desc] = words[order.sort] ?? ['A to Z', 'Z to A'];
  return `Sorted by ${labels[order.sort]}, ${order.dir === 'asc' ? asc : desc}.`;
}

interface SortableHeaderProps {
  column: MemberSortColumn;
  order: MemberSort;
  onSort: (column: MemberSortColumn) => void;
  numeric?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A column header that sorts the list: a button in the th (its name the column's), the th saying
 * how the column is sorted (aria-sort) and an arrow showing it.
 */
export function SortableHeader({ column, order, onSort, numeric, className, children }: SortableHeaderProps) {
  const dir = order?.sort === column ? order.dir : undefined;
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <TableHeaderCell
      numeric={numeric}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
      className={cn('py-2', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 tracking-wide uppercase hover:bg-slate-200/60 hover:text-slate-800',
          'focus-visible:outline-2 focus-visible:outline-brand-600',
          dir && 'text-slate-900',
          numeric && 'flex-row-reverse',
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', dir ? 'text-brand-700' : 'text-slate-400')} />
      </button>
    </TableHeaderCell>
  );
}

/** The spec's order of statuses is Pending, Approved: the waiting sign-ups come first. */
const STATUS_CHOICES: readonly (MemberStatus | null)[] = [null, ...MEMBER_STATUSES];

interface StatusFilterProps {
  value: MemberStatus | null;
  /** Per status, what the search finds (the counts of the search's answer); none while loading. */
  counts: MemberStatusCounts | undefined;
  onChange: (status: MemberStatus | null) => void;
}

/** All, Pending, Approved: toggle buttons with the number of each, Pending before Approved. */
export function StatusFilter({ value, counts, onChange }: StatusFilterProps) {
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  return (
    <div role="group" aria-label="Status" className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-200/60 p-1">
      {STATUS_CHOICES.map((status) => {
        const pressed = value === status;
        const count = status ? counts?.[status] : total;
        return (
          <button
            key={status ?? 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(status)}
            className={cn(
              'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
              pressed
                ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-900/5'
                : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {status ?? 'All'}
            {count !== undefined && (
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  status === 'Pending' && count > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-600',
                )}
              >
                {count.toLocaleString('en-PH')}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
