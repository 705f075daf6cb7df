import { Download, Library, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Material, Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { useDeleteMaterial, useMaterials } from './api';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { toast } from '../../ui/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SectionMaterialsList, SectionPicker } from './section-materials';
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
          <SectionMaterials sections={list} section={list.find((s) => s.id === sectionId) ?? list[0]!} onSectionChange={onSectionChange} />
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
      <SectionPicker sections={sections} section={section} onSectionChange={onSectionChange} materials={materials} grouped />

      <div className="border-t border-slate-100 pt-4">
        <SectionMaterialsList
          section={section}
          materials={materials}
          errorTitle={MSG.errorFetchingSection}
          emptyDescription="Upload a file to this section to publish it."
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
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={MSG.materialDeleteConfirm}
        description={
          target && (
            <p>
              <span className="font-medium [overflow-wrap:anywhere] text-slate-900">{target.title}</span> will be removed for every agent.
              This cannot be undone.
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
