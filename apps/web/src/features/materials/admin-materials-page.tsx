import { useRef, useState } from 'react';
import type { Material, Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { useSections } from './api';
import { PageHeader } from '../../ui/page-header';
import { CreateSectionCard } from './create-section-card';
import { ExistingMaterialsCard } from './existing-materials-card';
import { UploadMaterialCard } from './upload-material-card';
import { useErrorToast } from './use-error-toast';

/**
 * /admin/adminmaterials, 'Materials Panel' (decision 022): Upload New Material, Existing Materials
 * (Download and Delete per item) and Create New Section.
 */
export function AdminMaterialsPage() {
  const sections = useSections();
  useErrorToast(sections.isError, sections.errorUpdatedAt, MSG.errorFetchingSections);

  const [uploadSectionId, setUploadSectionId] = useState<number | null>(null);
  const [viewSectionId, setViewSectionId] = useState<number | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const goToCreateSection = () => {
    nameInput.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    nameInput.current?.focus({ preventScroll: true });
  };

  // After an upload the list shows the section the file went to.
  const uploaded = (material: Material) => setViewSectionId(material.sectionId);
  // A new section is where the next upload most likely goes.
  const created = (section: Section) => setUploadSectionId(section.id);

  return (
    <>
      <PageHeader title="Materials Panel" description="Publish learning and marketing files for your agents, filed by section." />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-5 xl:items-start">
        <UploadMaterialCard
          className="xl:col-span-2 xl:col-start-1 xl:row-start-1"
          sections={sections}
          sectionId={uploadSectionId}
          onSectionChange={setUploadSectionId}
          onCreateSection={goToCreateSection}
          onUploaded={uploaded}
        />
        <ExistingMaterialsCard
          className="xl:col-span-3 xl:col-start-3 xl:row-span-2 xl:row-start-1"
          sections={sections}
          sectionId={viewSectionId}
          onSectionChange={setViewSectionId}
          onCreateSection={goToCreateSection}
        />
        <CreateSectionCard ref={nameInput} className="xl:col-span-2 xl:col-start-1 xl:row-start-2" onCreated={created} />
      </div>
    </>
  );
}
