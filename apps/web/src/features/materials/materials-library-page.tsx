import { FolderOpen, FolderX, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@ahente/contract/messages';
import { useMaterials, useSections } from '../../api/materials';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { MaterialList, MaterialListSkeleton, NO_MATERIALS_TEXT } from './material-list';
import { useErrorToast } from './use-error-toast';
import { useMaterialDownload } from './use-material-download';

interface MaterialsLibraryPageProps {
  /** The page title: 'Learning Resources' or 'Marketing'. */
  title: string;
  description?: string;
}

/**
 * /learning and /marketing (spec §2 Learning Resources): a Section dropdown (the first section
 * chosen at first) and that section's materials, each with a '(Download)' link that saves the
 * file under its original name.
 */
export function MaterialsLibraryPage({ title, description }: MaterialsLibraryPageProps) {
  const sections = useSections();
  useErrorToast(sections.isError, sections.errorUpdatedAt, MSG.errorFetchingSections);

  const [chosen, setChosen] = useState<number | null>(null);
  const list = sections.data ?? [];
  const current = list.find((s) => s.id === chosen) ?? list[0] ?? null;

  const materials = useMaterials(current?.id);
  // Spec §8 lists 'Server Failed' with this screen's messages: a section's list that cannot be loaded.
  useErrorToast(materials.isError, materials.errorUpdatedAt, MSG.serverFailed);

  const { download, isDownloading } = useMaterialDownload();

  let body;
  if (sections.isPending) {
    body = (
      <>
        <div className="border-b border-slate-100 p-5">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="mt-2 h-10 w-full sm:max-w-xs" />
        </div>
        <div className="p-5">
          <MaterialListSkeleton label="Loading sections…" />
        </div>
      </>
    );
  } else if (sections.isError) {
    body = (
      <EmptyState
        icon={<TriangleAlert />}
        title={MSG.errorFetchingSections}
        description="The sections could not be loaded. Check your connection and try again."
        action={
          <Button variant="outline" onClick={() => void sections.refetch()} loading={sections.isFetching}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  } else if (!current) {
    body = (
      <EmptyState
        icon={<FolderOpen />}
        title="No sections yet"
        description="Materials will appear here as soon as the agency publishes them."
      />
    );
  } else {
    body = (
      <>
        <div className="flex flex-col gap-3 border-b border-slate-100 p-5 sm:flex-row sm:items-end sm:justify-between">
          <Field label="Section" className="w-full sm:max-w-xs">
            <Select
              value={String(current.id)}
              onChange={(event) => setChosen(Number(event.target.value))}
              options={list.map((s) => ({ value: String(s.id), label: s.name }))}
            />
          </Field>
          {materials.data && materials.data.length > 0 && (
            <p className="text-sm text-slate-500 tabular-nums sm:pb-2.5">
              {materials.data.length === 1 ? '1 file' : `${materials.data.length.toLocaleString('en-PH')} files`}
            </p>
          )}
        </div>
        <div className="p-5">
          {materials.isPending ? (
            <MaterialListSkeleton />
          ) : materials.isError ? (
            <EmptyState
              compact
              icon={<TriangleAlert />}
              title={MSG.serverFailed}
              description="The materials of this section could not be loaded."
              action={
                <Button variant="outline" size="sm" onClick={() => void materials.refetch()} loading={materials.isFetching}>
                  <RefreshCw aria-hidden="true" />
                  Try again
                </Button>
              }
            />
          ) : materials.data.length === 0 ? (
            <EmptyState compact icon={<FolderX />} title={NO_MATERIALS_TEXT} />
          ) : (
            <MaterialList
              label={`Materials in ${current.name}`}
              materials={materials.data}
              actions={(material) => (
                <Button
                  variant="link"
                  aria-label={`Download ${material.title}`}
                  loading={isDownloading(material.id)}
                  onClick={() => void download(material)}
                >
                  (Download)
                </Button>
              )}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} description={description} />
      <Card aria-busy={sections.isPending || materials.isFetching || undefined}>{body}</Card>
    </>
  );
}
