import { RotateCw, Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import './i18n';
import { useLanguage } from '../../i18n';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';

interface NameSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter in the box (the admin list searches at once instead of waiting for the pause). */
  onSubmit?: () => void;
  /** Clears the search and reloads the list. */
  onRefresh: () => void;
  refreshing: boolean;
  /** Extra controls at the end of the bar (a page size). */
  children?: ReactNode;
}

/**
 * The name search and Refresh of Agent Recruitment and the Members Record: a search landmark with a
 * labelled box; Refresh clears the box and reloads.
 */
export function NameSearch({ value, onChange, onSubmit, onRefresh, refreshing, children }: NameSearchProps) {
  const { t } = useLanguage();
  const inputId = useId();
  return (
    <form
      role="search"
      aria-label={t('recruitment.searchForm')}
      className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-end sm:px-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          {t('recruitment.search')}
        </label>
        <Input
          id={inputId}
          type="search"
          leading={<Search />}
          placeholder={t('recruitment.searchPlaceholder')}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Button type="button" variant="outline" onClick={onRefresh} loading={refreshing}>
          {!refreshing && <RotateCw aria-hidden="true" />}
          {t('recruitment.refresh')}
        </Button>
        {children}
      </div>
    </form>
  );
}
