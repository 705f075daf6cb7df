import { Hourglass } from 'lucide-react';
import { MSG } from '@ahente/contract/messages';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';

interface ComingSoonPageProps {
  /** The area's title (spec page titles), shown as its h1. */
  title: string;
  description?: string;
}

/** An area that is not built yet: its title and 'Coming Soon...'. */
export function ComingSoonPage({ title, description }: ComingSoonPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="flex flex-col items-center justify-center gap-4 px-6 py-16 text-center sm:py-24">
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-8 ring-brand-50/50"
        >
          <Hourglass className="size-7" />
        </span>
        <p className="text-xl font-semibold text-slate-900">{MSG.comingSoon}</p>
        <p className="max-w-md text-sm text-slate-500">
          We are putting the finishing touches on this area. It will appear here as soon as it is ready.
        </p>
      </Card>
    </>
  );
}
