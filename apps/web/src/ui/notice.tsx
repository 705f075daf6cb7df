import { CircleCheck, CircleX, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type NoticeTone = 'success' | 'warning' | 'error';

const look: Record<NoticeTone, { icon: LucideIcon; box: string; iconColor: string }> = {
  success: { icon: CircleCheck, box: 'border-green-200 bg-green-50 text-green-900', iconColor: 'text-green-600' },
  warning: { icon: TriangleAlert, box: 'border-amber-200 bg-amber-50 text-amber-900', iconColor: 'text-amber-600' },
  error: { icon: CircleX, box: 'border-red-200 bg-red-50 text-red-900', iconColor: 'text-red-600' },
};

interface NoticeProps {
  tone: NoticeTone;
  /** The message, as the screen words it. */
  children: ReactNode;
  /** A second, smaller line (the server's reason). */
  detail?: ReactNode;
  className?: string;
}

/**
 * A message shown where the action happened, e.g. inside a dialog (where toasts sit behind the
 * dialog for assistive technology): green, amber or red with an icon, so colour is never the only
 * signal. A success is a status (polite); a warning or an error is an alert. Give it a new `key`
 * to announce the same text again.
 */
export function Notice({ tone, children, detail, className }: NoticeProps) {
  const { icon: Icon, box, iconColor } = look[tone];
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      data-tone={tone}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', iconColor)} />
      <div className="min-w-0">
        <p className="font-medium">{children}</p>
        {detail && <p className="mt-0.5 text-xs [overflow-wrap:anywhere] opacity-90">{detail}</p>}
      </div>
    </div>
  );
}
