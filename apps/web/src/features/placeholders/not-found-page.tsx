import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** An unknown address inside the portal. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Compass className="size-7" />
      </span>
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="max-w-sm text-sm text-slate-500">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
        Back to Dashboard
      </Link>
    </Card>
  );
}
