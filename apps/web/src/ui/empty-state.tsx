import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Compact: for use inside small cards. */
  compact?: boolean;
}

/** What a list or card shows when there is nothing in it. */
export function EmptyState({ icon, title, description, action, className, compact = false }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center text-center', compact ? 'gap-2 py-4' : 'gap-3 px-6 py-12', className)}>
      {icon && (
        <span
          aria-hidden="true"
          className={cn(
            'flex items-center justify-center rounded-full bg-slate-100 text-slate-500',
            compact ? 'size-10 [&_svg]:size-5' : 'size-14 [&_svg]:size-7',
          )}
        >
          {icon}
        </span>
      )}
      <p className={cn('font-medium text-slate-700', compact ? 'text-sm' : 'text-base')}>{title}</p>
      {description && <p className="max-w-sm text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
