import { useEffect, useRef } from 'react';
import { useLanguage } from '../i18n';
import { currentLocale } from '../lib/locale';
import { Button } from './button';

interface ShowMoreProps {
  shown: number;
  total: number;
  next: number;
  /** Whether the user has asked for more rows than the first step. */
  expanded: boolean;
  /** What the list holds, plural ("deals", "sales"). */
  noun: string;
  onShowMore: () => void;
  /** Absent for a list paged on the server (decision 036): no 'Show all' there. */
  onShowAll?: (() => void) | undefined;
}

/**
 * The footer of a list rendered in steps: how many are shown, and buttons for the next step and
 * for every row. Once every row is shown after a request, it says so and takes the keyboard focus
 * the vanished buttons had, so a keyboard user carries on from the end of the list.
 */
export function ShowMore({ shown, total, next, expanded, noun, onShowMore, onShowAll }: ShowMoreProps) {
  const { t } = useLanguage();
  const status = useRef<HTMLParagraphElement>(null);
  const hadFocus = useRef(false);
  const complete = shown >= total;
  useEffect(() => {
    if (complete && hadFocus.current) status.current?.focus();
    hadFocus.current = false;
  }, [complete]);

  if (complete && !expanded) return null;
  const fmt = (n: number) => n.toLocaleString(currentLocale());
  const remember = () => {
    hadFocus.current = true;
  };
  return (
    <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-4 py-4 text-sm text-slate-500 sm:flex-row sm:justify-between">
      <p role="status" ref={status} tabIndex={-1} className="outline-none">
        {complete
          ? t('paging.showingAll', { total: fmt(total), noun })
          : t('paging.showingSome', { shown: fmt(shown), total: fmt(total), noun })}
      </p>
      {!complete && (
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              if (shown + next >= total) remember();
              onShowMore();
            }}
          >
            {t('paging.showMore', { next: fmt(next) })}
          </Button>
          {onShowAll && total - shown > next && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                remember();
                onShowAll();
              }}
            >
              {t('paging.showAll', { total: fmt(total) })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
