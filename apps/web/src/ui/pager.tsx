import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useLanguage } from '../i18n';
import { currentLocale } from '../lib/locale';
import { Button } from './button';
import { Select } from './select';

interface PagerProps<Size extends number> {
  /** What the pages hold, for the navigation's name ("Pages of policies"). */
  noun: string;
  page: number;
  lastPage: number;
  /** The first and last row numbers of this page (1-based), and of how many. */
  first: number;
  last: number;
  total: number;
  pageSize: Size;
  pageSizes: readonly Size[];
  /** The next page is on its way (the current rows stay shown meanwhile). */
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: Size) => void;
}

/** A list paged on the server (decision 013's style, as the Members List): 'Showing x–y of z', the page size, Previous and Next. */
export function Pager<Size extends number>({
  noun,
  page,
  lastPage,
  first,
  last,
  total,
  pageSize,
  pageSizes,
  loading,
  onPage,
  onPageSize,
}: PagerProps<Size>) {
  const sizeId = useId();
  const { t } = useLanguage();
  const fmt = (n: number) => n.toLocaleString(currentLocale());
  return (
    <nav
      aria-label={t('paging.pagesOf', { noun })}
      className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <p role="status" className="tabular-nums">
        {t('paging.showingRange', { first: fmt(first), last: fmt(last), total: fmt(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap">
            {t('paging.rowsPerPage')}
          </label>
          <Select
            id={sizeId}
            className="h-8 w-20"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value) as Size)}
            options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          />
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            {t('paging.previous')}
          </Button>
          <span className="text-xs text-slate-500 tabular-nums">{t('paging.pageOf', { page: fmt(page), lastPage: fmt(lastPage) })}</span>
          <Button variant="outline" size="sm" disabled={page >= lastPage || loading} onClick={() => onPage(page + 1)}>
            {t('paging.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
