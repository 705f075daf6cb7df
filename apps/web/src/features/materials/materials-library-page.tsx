import { FolderOpen, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { MaterialLibrary } from '@ahente/contract/materials';
import './i18n';
import { useLanguage } from '../../i18n';
import { useMaterials, useSections } from './api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { MaterialListSkeleton } from './material-list';
import { SectionMaterialsList, SectionPicker } from './section-materials';
import { useErrorToast } from './use-error-toast';
import { useMaterialDownload } from './use-material-download';

interface MaterialsLibraryPageProps {
  /** Whose sections the page shows; its title is the library's ('Learning Resources' or 'Marketing'). */
  library: MaterialLibrary;
}

/**
 * /learning and /marketing (decision 022): a Section dropdown of the library's own sections (the
 * first chosen at first) and that section's materials, each with a '(Download)' link that saves the
 * file under its original name.
 */
export function MaterialsLibraryPage({ library }: MaterialsLibraryPageProps) {
  const { t } = useLanguage();
  const title = library === 'Marketing' ? t('materials.titleMarketing') : t('materials.titleLearning');
  const description = library === 'Marketing' ? t('materials.descriptionMarketing') : t('materials.descriptionLearning');
  const sections = useSections(library);
  useErrorToast(sections.isError, sections.errorUpdatedAt, t('materials.errorFetchingSections'));

  const [chosen, setChosen] = useState<number | null>(null);
  const list = sections.data ?? [];
  const current = list.find((s) => s.id === chosen) ?? list[0] ?? null;

  const materials = useMaterials(current?.id);
  // Spec §8 lists 'Server Failed' with this screen's messages: a section's list that cannot be loaded.
  useErrorToast(materials.isError, materials.errorUpdatedAt, t('materials.serverFailed'));

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
          <MaterialListSkeleton label={t('materials.loadingSections')} />
        </div>
      </>
    );
  } else if (sections.isError) {
    body = (
      <EmptyState
        icon={<TriangleAlert />}
        title={t('materials.errorFetchingSections')}
        description={t('materials.sectionsFailed')}
        action={
          <Button variant="outline" onClick={() => void sections.refetch()} loading={sections.isFetching}>
            <RefreshCw aria-hidden="true" />
            {t('materials.tryAgain')}
          </Button>
        }
      />
    );
  } else if (!current) {
    body = <EmptyState icon={<FolderOpen />} title={t('materials.noSections')} description={t('materials.noSectionsText')} />;
  } else {
    body = (
      <>
        <SectionPicker
          className="border-b border-slate-100 p-5"
          sections={list}
          section={current}
          onSectionChange={setChosen}
          materials={materials}
        />
        <div className="p-5">
          <SectionMaterialsList
            section={current}
            materials={materials}
            errorTitle={t('materials.serverFailed')}
            actions={(material) => (
              <Button
                variant="link"
                aria-label={t('materials.downloadTitle', { title: material.title })}
                loading={isDownloading(material.id)}
                onClick={() => void download(material)}
              >
                {t('materials.download')}
              </Button>
            )}
          />
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
