import { Download, FolderX, Library, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { Material, Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { useDeleteMaterial, useMaterials } from '../../api/materials';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from './confirm-dialog';
import { MaterialList, MaterialListSkeleton, NO_MATERIALS_TEXT } from './material-list';
import { SectionsGate } from './sections-gate';
import { useErrorToast } from './use-error-toast';
import { useMaterialDownload } from './use-material-download';

interface ExistingMaterialsCardProps {
  sections: Parameters<typeof SectionsGate>[0]['sections'];
  sectionId: number | null;
  onSectionChange: (id: number) => void;
  onCreateSection: () => void;
  className?: string;
}

/** 'Existing Materials': a Section select and that section's materials, each with Download and Delete. */
export function ExistingMaterialsCard({ sections, sectionId, onSectionChange, onCreateSection, className }: ExistingMaterialsCardProps) {
  return (
    <CardSection title="Existing Materials" icon={<Library />} className={className}>
      <SectionsGate sections={sections} onCreateSection={onCreateSection}>
        {(list) => (
          <SectionMaterials
            sections={list}
            section={list.find((s) => s.id === sectionId) ?? list[0]!}
            onSectionChange={onSectionChange}
          />
        )}
      </SectionsGate>
    </CardSection>
  );
}

function SectionMaterials({
  sections,
  section,
  onSectionChange,
}: {
  sections: Section[];
  section: Section;
  onSectionChange: (id: number) => void;
}) {
  const materials = useMaterials(section.id);
  useErrorToast(materials.isError, materials.errorUpdatedAt, MSG.errorFetchingSection);
  const { download, isDownloading } = useMaterialDownload();
  const remove = useDeleteMaterial();
  // The material being asked about stays set while the dialog closes, so its text does not vanish mid-animation.
  const [target, setTarget] = useState<Material | null>(null);
  const [confirming, setConfirming] = useState(false);

  const askDelete = (material: Material) => {
    setTarget(material);
    setConfirming(true);
  };

  const confirmDelete = () => {
    if (!target || remove.isPending) return;
    remove.mutate(target, {
      onSuccess: () => toast.success(MSG.materialDeleted),
      onError: () => toast.error(MSG.materialDeleteFailed),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Field label="Section" className="w-full sm:max-w-xs">
          <Select
            value={String(section.id)}
            onChange={(event) => onSectionChange(Number(event.target.value))}
            options={sections.map((s) => ({ value: String(s.id), label: s.name }))}
          />
        </Field>
        {materials.data && materials.data.length > 0 && (
          <p className="text-sm text-slate-500 tabular-nums sm:pb-2.5">
            {materials.data.length === 1 ? '1 file' : `${materials.data.length.toLocaleString('en-PH')} files`}
          </p>
        )}
      </div>

      <div className="border-t border-slate-100 pt-4">
        {materials.isPending ? (
          <MaterialListSkeleton />
        ) : materials.isError ? (
          <EmptyState
            compact
            icon={<TriangleAlert />}
            title={MSG.errorFetchingSection}
            description="The materials of this section could not be loaded."
            action={
              <Button variant="outline" size="sm" onClick={() => void materials.refetch()} loading={materials.isFetching}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            }
          />
        ) : materials.data.length === 0 ? (
          <EmptyState compact icon={<FolderX />} title={NO_MATERIALS_TEXT} description="Upload a file to this section to publish it." />
        ) : (
          <MaterialList
            label={`Materials in ${section.name}`}
            materials={materials.data}
            actions={(material) => (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Download ${material.title}`}
                  loading={isDownloading(material.id)}
                  onClick={() => void download(material)}
                >
                  {!isDownloading(material.id) && <Download aria-hidden="true" />}
                  Download
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Delete ${material.title}`}
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  onClick={() => askDelete(material)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </>
            )}
          />
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={MSG.materialDeleteConfirm}
        description={
          target && (
            <p>
              <span className="font-medium [overflow-wrap:anywhere] text-slate-900">{target.title}</span> will be removed for
              every agent. This cannot be undone.
            </p>
          )
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
