import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';
import { Skeleton } from './skeleton';
import type { ListQueryState } from './table-states';

export interface Figure {
  /** The term, as the screen words it ('Total TCV', 'Number of Sales Made:'). */
  label: string;
  /**
   * The formatted money or count, or what formats it: called only once the figures are shown, not
   * while their tiles load. A page's first peso builds its first `Intl` formatter, which loads the
   * locale's data (~50 ms of a phone's first render, decision 014 lever 21).
   */
  value: string | (() => string);
  /**
   * What the value is made of, each labelled, in small type under it (decision 016: a net with its
   * gross and tax beside it). Called, like `value`, only once the figures are shown.
   */
  detail?: () => readonly FigurePart[];
}

/** One labelled part of a figure ('Gross', '₱3,125.06'). */
export interface FigurePart {
  label: string;
  value: string;
}

/**
 * Figures as tiles: a label over a large value, in a description list (decisions 010 and 024).
 * Money and counts are never cut off and never wrap: a tile is at least 9rem wide (the tiles of a
 * card narrower than two such tiles stack; a phone from 375 px has two a row), it is a size
 * container, and the value's type shrinks with the tile's width (down to 12 px) on one line. A tile
 * that should take a whole row spans `col-span-full`, whatever the number of columns.
 */
export function StatList({ figures, className }: { figures: readonly Figure[]; className?: string }) {
  return (
    <dl className={cn(TILES, className)}>
      {figures.map((f) => (
        <StatTile key={f.label} label={f.label} detail={f.detail?.()}>
          {typeof f.value === 'function' ? f.value() : f.value}
        </StatTile>
      ))}
    </dl>
  );
}

/** As many tiles a row as fit at 9rem each (a page may set its own columns from a breakpoint up). */
const TILES = 'grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-3';

function StatTile({ label, children, detail }: { label: string; children: ReactNode; detail?: readonly FigurePart[] }) {
  return (
    <div className="@container min-w-0 rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-slate-900/5 ring-inset sm:px-4">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>{' '}
      <dd
        data-fit="amount"
        className="mt-1 text-[clamp(0.75rem,11cqi,1.5rem)] leading-tight font-semibold tracking-tight whitespace-nowrap text-slate-900 tabular-nums"
      >
        {children}
      </dd>
      {detail && detail.length > 0 && (
        // Each part on its line, its amount at the right, on a line of its own only when the tile is too narrow for both.
        <dd className="mt-1.5 space-y-0.5 text-xs leading-snug text-slate-500">
          {detail.map((part, i) => (
            <span key={part.label} className="flex flex-wrap justify-between gap-x-2">
              <span>{part.label}</span>{' '}
              <span className="ml-auto whitespace-nowrap text-slate-700 tabular-nums">
                {part.value}
                {i < detail.length - 1 && <span className="sr-only">,</span>}
              </span>{' '}
            </span>
          ))}
        </dd>
      )}
    </div>
  );
}

interface TotalsProps {
  /** The query behind the figures (a TanStack Query result fits). */
  query: ListQueryState;
  /** The figures once loaded; the labels are shown while they load. */
  figures: readonly Figure[];
  /** Announced while loading ('Loading totals…'). */
  loadingLabel: string;
  /** Said when the figures could not be loaded, before Try again. */
  errorMessage: string;
  className?: string;
  /** Extra classes for the list of tiles (e.g. three columns from `sm`: 'sm:grid-cols-3'). */
  listClassName?: string;
}

/**
 * The totals of a list screen (Deals, Sales): tiles while loaded, placeholders while loading,
 * and an error with Try again when the list failed, so that no loading state lasts forever.
 */
export function Totals({ query, figures, loadingLabel, errorMessage, className, listClassName }: TotalsProps) {
  return (
    <div className={className}>
      {query.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
          <p className="font-medium text-slate-700">{errorMessage}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : query.isPending ? (
        <>
          <dl className={cn(TILES, listClassName)} aria-busy="true">
            {figures.map((f) => (
              <StatTile key={f.label} label={f.label}>
                <Skeleton className="mt-1 h-6 w-20" />
              </StatTile>
            ))}
          </dl>
          <span className="sr-only" role="status">
            {loadingLabel}
          </span>
        </>
      ) : (
        <StatList figures={figures} className={listClassName} />
      )}
    </div>
  );
}
