import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Material, Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { materialKeys, useUploadMaterial } from './api';
import { formSchemaFor } from '../../lib/form-schema';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toast';
import { MaterialFileIcon } from './file-icon';
import { FileDrop } from './file-drop';
import { formatFileSize } from './material-format';
import { SectionSelect } from './section-materials';
import { SectionsGate } from './sections-gate';

interface UploadMaterialCardProps {
  sections: Parameters<typeof SectionsGate>[0]['sections'];
  sectionId: number | null;
  onSectionChange: (id: number) => void;
  onCreateSection: () => void;
  onUploaded: (material: Material) => void;
  className?: string;
}

/**
 * What the file picker offers first (the server's allow-list, decided there from the bytes).
 * Only a hint: the picker still lets a person choose any file, and the server has the last word.
 */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.mp4,.m4v,.zip,.docx,.xlsx,.pptx,.doc,.xls,.ppt,.txt,.csv';

/** Statuses whose server text says what to fix in the form (too large, type not allowed, bad input). */
const SHOWN_STATUSES = new Set([400, 404, 413, 415]);

interface UploadValues {
  file: File | null;
}

/**
 * Spec §5: a file must be chosen ('Please Select File First', as the server answers too). The
 * other fields of uploadmaterial come from the file and the Section select, which offers only
 * existing sections.
 */
const uploadForm = formSchemaFor<UploadValues>()(z.object({ file: z.instanceof(File, { error: MSG.selectFileFirst }) }));

/** 'Upload New Material': a Section, a File, Upload with a progress bar. */
export function UploadMaterialCard({
  sections,
  sectionId,
  onSectionChange,
  onCreateSection,
  onUploaded,
  className,
}: UploadMaterialCardProps) {
  return (
    <CardSection title="Upload New Material" icon={<Upload />} className={className}>
      <SectionsGate sections={sections} onCreateSection={onCreateSection}>
        {(list) => (
          <UploadForm
            sections={list}
            section={list.find((s) => s.id === sectionId) ?? list[0]!}
            onSectionChange={onSectionChange}
            onUploaded={onUploaded}
          />
        )}
      </SectionsGate>
    </CardSection>
  );
}

function UploadForm({
  sections,
  section,
  onSectionChange,
  onUploaded,
}: {
  sections: Section[];
  section: Section;
  onSectionChange: (id: number) => void;
  onUploaded: (material: Material) => void;
}) {
  const queryClient = useQueryClient();
  const upload = useUploadMaterial();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(uploadForm),
    defaultValues: { file: null },
  });
  const { field, fieldState } = useController({ control, name: 'file' });
  const file = field.value;

  const clearFile = () => {
    if (inputRef.current) inputRef.current.value = '';
    reset();
  };

  const submit = ({ file: chosen }: z.output<typeof uploadForm>) => {
    if (upload.isPending) return;
    setProgress(0);
    upload.mutate(
      { sectionId: section.id, file: chosen, onProgress: setProgress },
      {
        onSuccess: (material) => {
          toast.success(MSG.fileUploaded);
          clearFile();
          onUploaded(material);
        },
        onError: (error) => {
          toast.error(MSG.fileUploadFailed);
          if (isApiError(error) && SHOWN_STATUSES.has(error.status)) setError('file', { type: 'server', message: error.error });
          // The section may be gone (another admin): reload the list of sections.
          if (isApiError(error, 404)) void queryClient.invalidateQueries({ queryKey: materialKeys.sections() });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit, () => toast.warning(MSG.selectFileFirst))(event)}
      className="flex flex-col gap-4"
      aria-label="Upload New Material"
    >
      <SectionSelect sections={sections} value={section.id} onChange={onSectionChange} disabled={upload.isPending} grouped />

      {/* The server's reason is said under the field; a missing file by the toast. */}
      <Field label="File" error={fieldState.error?.type === 'server' ? fieldState.error.message : undefined} invalid={fieldState.invalid}>
        <FileDrop
          ref={(element: HTMLInputElement | null) => setRefs(element, field.ref, inputRef)}
          name={field.name}
          accept={ACCEPT}
          disabled={upload.isPending}
          onFile={field.onChange}
          onBlur={field.onBlur}
        />
      </Field>

      {file && (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5">
          <MaterialFileIcon type={file.type} className="size-9" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium [overflow-wrap:anywhere] text-slate-900">{file.name}</p>
            <p className="text-xs text-slate-500 tabular-nums">{formatFileSize(file.size)}</p>
          </div>
          {!upload.isPending && (
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Remove ${file.name}`} onClick={clearFile}>
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      )}

      {upload.isPending && <UploadProgress percent={progress} />}

      <div className="flex justify-end">
        <Button type="submit" loading={upload.isPending} className="w-full sm:w-auto">
          {!upload.isPending && <Upload aria-hidden="true" />}
          Upload
        </Button>
      </div>
    </form>
  );
}

/** The upload's progress bar: the share of bytes sent, then "Finishing…" while the server stores it. */
function UploadProgress({ percent }: { percent: number }) {
  const done = percent >= 100;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-xs font-medium text-slate-600">
        <span>{done ? 'Finishing…' : 'Uploading…'}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200 ease-out" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
