import { FolderPlus, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';

interface SectionsGateProps {
  sections: { isPending: boolean; isError: boolean; isFetching: boolean; data: Section[] | undefined; refetch: () => unknown };
  /** Takes the admin to the Create New Section form. */
  onCreateSection: () => void;
  /** What the card shows once there are sections. */
  children: (sections: Section[]) => ReactNode;
}

/** A card body that waits for the sections: a skeleton, an error with Try again, or "No sections yet". */
export function SectionsGate({ sections, onCreateSection, children }: SectionsGateProps) {
  if (sections.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span role="status" className="sr-only">
          Loading sections…
        </span>
        <div aria-hidden="true">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="mt-2 h-10 w-full" />
        </div>
        <div aria-hidden="true">
          <Skeleton className="h-4 w-12" />
          <Skeleton className="mt-2 h-24 w-full" />
        </div>
      </div>
    );
  }
  if (sections.isError || !sections.data) {
    return (
      <EmptyState
        compact
        icon={<TriangleAlert />}
        title={MSG.errorFetchingSections}
        action={
          <Button variant="outline" size="sm" loading={sections.isFetching} onClick={() => void sections.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }
  if (sections.data.length === 0) {
    return (
      <EmptyState
        compact
        icon={<FolderPlus />}
        title="No sections yet"
        description="Materials are filed by section. Create the first one under Create New Section."
        action={
          <Button variant="secondary" size="sm" onClick={onCreateSection}>
            Go to Create New Section
          </Button>
        }
      />
    );
  }
  return <>{children(sections.data)}</>;
}
