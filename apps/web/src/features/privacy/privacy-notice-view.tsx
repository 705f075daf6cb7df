import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { PrivacyNotice } from '@ahente/contract/privacy-notice';
import { cn } from '../../lib/cn';
import { formatTimestampParts } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';

/** The Markdown renderer is fetched with the notice, never with the login page. */
const Markdown = lazy(async () => ({ default: (await import('../../ui/markdown')).Markdown }));

/**
 * Grey lines enough to fill the box to its greatest height, as the notice's text does: the checkbox
 * and the button below do not move when the text arrives (a tap aimed at them lands on them).
 */
const SKELETON_WIDTHS = ['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-5/6', 'w-2/3'] as const;
function NoticeSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="h-4 w-1/3" />
      {Array.from({ length: 12 }, (_, i) => (
        <Skeleton key={i} className={`h-3 ${SKELETON_WIDTHS[i % SKELETON_WIDTHS.length]}`} />
      ))}
    </div>
  );
}

/**
 * The text scrolls inside its box: a named region that takes the keyboard focus, so Tab then the
 * arrow keys read it all (WCAG 2.1.1; axe scrollable-region-focusable), as ui/table's scroll area.
 */
const SCROLL_REGION = { role: 'region', tabIndex: 0 } as const;

/** "Version 3, published Mar 5, 2026". */
export function noticeVersionLine(notice: PrivacyNotice): string {
  return `Version ${notice.version}, published ${formatTimestampParts(notice.published_at).date}`;
}

interface PrivacyNoticeViewProps {
  /** The current notice (GET /api/privacynotice). */
  query: UseQueryResult<PrivacyNotice>;
  /** The id of the heading that names the region (otherwise it is named "Privacy Notice"). */
  labelledBy?: string;
  /** The height the text may take before it scrolls. */
  className?: string;
  /** The words in the reader's language (the consent page's); English by default. */
  texts?: { label: string; loadFailed: string; tryAgain: string };
}

const ENGLISH = { label: 'Privacy Notice', loadFailed: 'The Privacy Notice could not be loaded.', tryAgain: 'Try again' };

/**
 * The agency's privacy notice (decision 027) in a bordered region that scrolls on its own, so the
 * checkbox or the button after it stays in reach; it takes the keyboard focus to scroll. While it
 * loads, grey lines; if it cannot be loaded, the reason and "Try again".
 */
export function PrivacyNoticeView({ query, labelledBy, className, texts = ENGLISH }: PrivacyNoticeViewProps) {
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Notice tone="error">{texts.loadFailed}</Notice>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          {texts.tryAgain}
        </Button>
      </div>
    );
  }
  return (
    <div
      {...SCROLL_REGION}
      aria-label={labelledBy ? undefined : texts.label}
      aria-labelledby={labelledBy}
      aria-busy={query.isPending || undefined}
      className={cn(
        'overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-slate-50/60 px-4 py-3',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className ?? 'max-h-60',
      )}
    >
      {query.data ? (
        <Suspense fallback={<NoticeSkeleton />}>
          <Markdown source={query.data.body} />
        </Suspense>
      ) : (
        <NoticeSkeleton />
      )}
    </div>
  );
}
