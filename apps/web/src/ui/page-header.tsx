import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageHeaderProps {
  /** The page's h1 (spec page titles); also the browser tab title. */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The title block at the top of every screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-[1.75rem]">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
