import { zodResolver } from '@hookform/resolvers/zod';
import { FolderPlus } from 'lucide-react';
import { forwardRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { LIMITS } from '@ahente/contract/common';
import {
  createSectionForm,
  LIBRARY_TITLES,
  MATERIAL_LIBRARIES,
  type MaterialLibrary,
  type NewSection,
  type Section,
} from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { useCreateSection } from './api';
import { formSchemaFor } from '../../lib/form-schema';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';

interface CreateSectionCardProps {
  onCreated: (section: Section) => void;
  className?: string;
}

interface CreateSectionValues {
  name: string;
  /** '' until a library is chosen. */
  library: MaterialLibrary | '';
}
const sectionForm = formSchemaFor<CreateSectionValues>()(createSectionForm);

const LIBRARY_OPTIONS = MATERIAL_LIBRARIES.map((library) => ({ value: library, label: LIBRARY_TITLES[library] }));

/**
 * 'Create New Section': a Section Name, the Library it belongs to (Marketing or Learning
 * Resources, chosen here and fixed after: decision 022) and Create Section. The ref is the name
 * input (to focus it).
 */
export const CreateSectionCard = forwardRef<HTMLInputElement, CreateSectionCardProps>(function CreateSectionCard(
  { onCreated, className },
  inputRef,
) {
  const create = useCreateSection();
  const { register, handleSubmit, formState, setError, reset } = useForm<CreateSectionValues, unknown, NewSection>({
    resolver: zodResolver(sectionForm),
    // No library chosen at first: the admin decides where agents will find the section.
    defaultValues: { name: '', library: '' },
    // An empty name is said by a toast and the field only marked: focus stays on Create Section.
    shouldFocusError: false,
  });
  const error = formState.errors.name;
  const libraryError = formState.errors.library;
  const nameField = register('name');

  const submit = (values: NewSection) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (section) => {
        toast.success(MSG.sectionCreated);
        reset();
        onCreated(section);
      },
      onError: (err) => {
        toast.error(MSG.sectionCreateFailed);
        // A duplicate (409) or a refused name (400): say why under the field.
        if (isApiError(err) && (err.status === 409 || err.status === 400)) setError('name', { type: 'server', message: err.error });
      },
    });
  };

  // Spec §5: an empty name is 'Type Section Name' (a warning); any other rule is said under the field.
  const refuse = (errors: FieldErrors<CreateSectionValues>) => {
    if (errors.name?.message === MSG.typeSectionName) toast.warning(MSG.typeSectionName);
  };

  return (
    <CardSection title="Create New Section" icon={<FolderPlus />} className={className}>
      <form noValidate onSubmit={handleSubmit(submit, refuse)} className="flex flex-col gap-4" aria-label="Create New Section">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2">
          <Field label="Section Name" error={error?.message === MSG.typeSectionName ? undefined : error?.message} invalid={Boolean(error)}>
            <Input
              {...nameField}
              ref={(element: HTMLInputElement | null) => setRefs(element, nameField.ref, inputRef)}
              maxLength={LIMITS.name}
              autoComplete="off"
              placeholder="e.g. Product Guides"
            />
          </Field>
          <Field label="Library" error={libraryError?.message}>
            <Select {...register('library')} placeholder="Choose a library" options={LIBRARY_OPTIONS} />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending} className="w-full sm:w-auto">
            Create Section
          </Button>
        </div>
      </form>
    </CardSection>
  );
});
