import { TriangleAlert } from 'lucide-react';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Shown when a screen crashes: a calm message and a way out, never a stack trace. */
export function RouteErrorPage() {
  useDocumentTitle('Something went wrong');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-6 text-center">
      <Logo />
      <div className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white px-8 py-10 shadow-sm">
        <TriangleAlert aria-hidden="true" className="size-8 text-amber-500" />
        <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="text-sm text-slate-500">An unexpected error stopped this page. Reloading usually helps.</p>
        <Button className="mt-2" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </div>
    </main>
  );
}
