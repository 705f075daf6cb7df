import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';
import { TableBody, TableMessageRow } from './table';

/** What the table needs to know of the query behind its rows (a TanStack Query result fits). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface TableBodyStatesProps {
  /** The number of columns (message rows span them all). */
  columns: number;
  query: ListQueryState;
  /** Announced while the rows load ('Loading deals…'). */
  loadingLabel: string;
  /** The placeholder classes of a loading cell, by column index. */
  skeletonClassName: (column: number) => string;
  /** Said when the list could not be loaded, above Try again. */
  errorMessage: string;
  /** Whether there is no row to show (the empty state replaces `children`). */
  empty: boolean;
  emptyIcon: ReactNode;
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  /** The rows, once loaded. */
  children: ReactNode;
}

/**
 * A table body that loads: placeholder rows while pending, an error with Try again, an empty
 * state, or the rows.
 */
export function TableBodyStates({
  columns,
  query,
  loadingLabel,
  skeletonClassName,
  errorMessage,
  empty,
  emptyIcon,
  emptyTitle,
  emptyDescription,
  children,
}: TableBodyStatesProps) {
  return (
    <TableBody>
      {query.isPending ? (
        <LoadingRows columns={columns} label={loadingLabel} skeletonClassName={skeletonClassName} />
      ) : query.isError ? (
        <TableMessageRow colSpan={columns}>
          <div className="flex flex-col items-center gap-3">
            <p className="font-medium text-slate-700">{errorMessage}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </TableMessageRow>
      ) : empty ? (
        <TableMessageRow colSpan={columns}>
          <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} className="py-6" />
        </TableMessageRow>
      ) : (
        children
      )}
    </TableBody>
  );
}

function LoadingRows({
  columns,
  label,
  skeletonClassName,
}: {
  columns: number;
  label: string;
  skeletonClassName: (column: number) => string;
}) {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <tr key={i}>
          {Array.from({ length: columns }, (_, j) => (
            <td key={j} className="px-4 py-3.5">
              <Skeleton className={skeletonClassName(j)} />
            </td>
          ))}
        </tr>
      ))}
      <tr className="sr-only">
        <td colSpan={columns}>
          <span role="status">{label}</span>
        </td>
      </tr>
    </>
  );
}
