import {
  useId,
  useRef,
  type ComponentPropsWithRef,
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { cn } from '../lib/cn';
import { useScrollsSideways } from '../lib/use-scrolls-sideways';

/**
 * A data table that scrolls horizontally inside its card on small screens (decisions 009 and 010).
 * Use numeric on cells holding money or counts: right-aligned, tabular figures, on one line. Use
 * `sticky` on the action column: it stays at the right edge while the other columns scroll under
 * it.
 *
 * `dense` is for the wide tables (eight columns and more: deals, sales, the ledger, members): cells
 * of 13 px type with 8 px of padding a side, headings that wrap between their words, up to `2xl`
 * (1536 px), where the type and padding grow back. So those tables fit their card from 1280 px up
 * and nothing sits under the pinned column there; below 1280 px they scroll (decision 024).
 *
 * The scroll box is the containing block of everything in the table (`relative`), so nothing
 * positioned inside a cell (a visually hidden note) can widen the page; it is a size container
 * (`@container`), so a message row can be as wide as the visible box rather than the table. The
 * caption names the table. While the table is wider than its card, its scroll area is a region
 * named by the caption that takes keyboard focus (Tab, then the arrow keys scroll it) and shows a
 * focus ring inside the card's edge (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export function Table({
  className,
  caption,
  dense,
  children,
  ...props
}: HTMLAttributes<HTMLTableElement> & { caption: string; dense?: boolean }) {
  const captionId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scroller);
  return (
    <div
      ref={scroller}
      className="@container relative w-full overflow-x-auto overscroll-x-contain rounded-[inherit] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      {...(scrolls ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
    >
      <table className={cn('w-full border-collapse text-left text-sm', dense && DENSE, className)} {...props}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** The `dense` table: smaller type and padding below `2xl`, headings that wrap between words (never inside one). */
const DENSE =
  'text-[0.8125rem] 2xl:text-sm [&_td]:px-2 [&_th]:px-2 2xl:[&_td]:px-3 2xl:[&_th]:px-3 [&_thead_th]:text-[0.6875rem] 2xl:[&_thead_th]:text-xs [&_th]:whitespace-normal';

/**
 * For a dense table with unbroken units (policy numbers, decision 023): cells 5 px apart instead of
 * 8 below `2xl`, so that it still fits its card from 1280 px (decision 024).
 */
export const TIGHT = 'max-2xl:[&_td]:px-[5px] max-2xl:[&_th]:px-[5px]';

/** Said below `md`, above a table that is wider than a phone: the columns scroll sideways. */
export function TableScrollHint({ children }: { children: ReactNode }) {
  return <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500 md:hidden">{children}</p>;
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-slate-200 bg-slate-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentPropsWithRef<'tr'>) {
  return <tr className={cn('group transition-colors hover:bg-slate-50/70', className)} {...props} />;
}

/** The classes of a column pinned to the right edge of the scroll box, with a shadow over what scrolls under it. */
const stickyEnd = 'sticky right-0 z-[1] shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.18)]';

export function TableHeaderCell({
  className,
  numeric,
  sticky,
  ...props
}: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean; sticky?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase',
        numeric && 'text-right',
        sticky && `${stickyEnd} bg-slate-50`,
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  numeric,
  sticky,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean; sticky?: boolean }) {
  return (
    <td
      data-fit={numeric ? 'amount' : undefined}
      className={cn(
        'px-4 py-3 align-middle text-slate-700',
        numeric && 'text-right whitespace-nowrap tabular-nums',
        sticky && `${stickyEnd} bg-white group-hover:bg-slate-50`,
        className,
      )}
      {...props}
    />
  );
}

/**
 * A row spanning the whole table, for loading, empty and error states. Its content is as wide as
 * the visible part of the scroll box and stays in it (sticky at the left), so it is centred in
 * the card, not in the table's full scroll width.
 */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="p-0!">
        <div className="sticky left-0 w-[100cqw] px-4 py-10 text-center text-sm text-slate-500">{children}</div>
      </td>
    </tr>
  );
}
