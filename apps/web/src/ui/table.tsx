import { useId, useRef, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { useScrollsSideways } from '../lib/use-scrolls-sideways';

/**
 * A data table that scrolls horizontally inside its card on small screens (DESIGN §8).
 * Use numeric on cells holding money or counts: right-aligned, tabular figures.
 *
 * The caption names the table. While the table is wider than its card, its scroll area is a
 * region named by the caption that takes keyboard focus (Tab, then the arrow keys scroll it) and
 * shows a focus ring inside the card's edge (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function Table({ className, caption, children, ...props }: HTMLAttributes<HTMLTableElement> & { caption: string }) {
  const captionId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scroller);
  return (
    <div
      ref={scroller}
      className="w-full overflow-x-auto rounded-[inherit] focus-visible:-outline-offset-2"
      {...(scrolls ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-slate-200 bg-slate-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-slate-50/70', className)} {...props} />;
}

export function TableHeaderCell({ className, numeric, ...props }: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase',
        numeric && 'text-right',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, numeric, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', numeric && 'text-right tabular-nums', className)} {...props} />;
}

/** A row spanning the whole table, for loading, empty and error states. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}
