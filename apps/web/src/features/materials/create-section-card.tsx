import { zodResolver } from '@hookform/resolvers/zod';
import { FolderPlus } from 'lucide-react';
import { forwardRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { LIMITS } from '@ahente/contract/common';
import { createSectionRequest, type CreateSectionRequest, type Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { useCreateSection } from '../../api/materials';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { toast } from '../../ui/toast';

interface CreateSectionCardProps {
  onCreated: (section: Section) => void;
  className?: string;
}

/** 'Create New Section': a Section Name and Create Section. The ref is the name input (to focus it). */
export const CreateSectionCard = forwardRef<HTMLInputElement, CreateSectionCardProps>(function CreateSectionCard(
  { onCreated, className },
  inputRef,
) {
  const create = useCreateSection();
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(createSectionRequest),
    defaultValues: { name: '' },
    // An empty name is said by a toast and the field only marked: focus stays on Create Section.
    shouldFocusError: false,
  });
  const error = formState.errors.name;
  const nameField = register('name');

  const submit = (values: CreateSectionRequest) => {
    if (create.isPending) return;
    create.mutate(values.name, {
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
  const refuse = (errors: FieldErrors<CreateSectionRequest>) => {
    if (errors.name?.message === MSG.typeSectionName) toast.warning(MSG.typeSectionName);
  };

  return (
    <CardSection title="Create New Section" icon={<FolderPlus />} className={className}>
      <form
        noValidate
        onSubmit={handleSubmit(submit, refuse)}
        className="flex flex-col gap-4 sm:flex-row sm:items-start xl:flex-col xl:items-stretch 2xl:flex-row 2xl:items-start"
        aria-label="Create New Section"
      >
        <Field
          label="Section Name"
          error={error?.message === MSG.typeSectionName ? undefined : error?.message}
          invalid={Boolean(error)}
          className="flex-1"
        >
          <Input
            {...nameField}
            ref={(element: HTMLInputElement | null) => setRefs(element, nameField.ref, inputRef)}
            maxLength={LIMITS.name}
            autoComplete="off"
            placeholder="e.g. Product Guides"
          />
        </Field>
        <Button type="submit" loading={create.isPending} className="w-full sm:mt-7 sm:w-auto xl:mt-0 xl:self-end 2xl:mt-7">
          Create Section
        </Button>
      </form>
    </CardSection>
  );
});
