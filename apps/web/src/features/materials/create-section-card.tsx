import { FolderPlus } from 'lucide-react';
import { forwardRef, useState, type FormEvent } from 'react';
import { LIMITS } from '@ahente/contract/common';
import { createSectionRequest, type Section } from '@ahente/contract/materials';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { useCreateSection } from '../../api/materials';
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
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createSectionRequest.safeParse({ name });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MSG.typeSectionName;
      if (message === MSG.typeSectionName) {
        setEmpty(true);
        setError(undefined);
        toast.warning(MSG.typeSectionName);
      } else {
        setError(message);
      }
      return;
    }
    setError(undefined);
    create.mutate(parsed.data.name, {
      onSuccess: (section) => {
        toast.success(MSG.sectionCreated);
        setName('');
        onCreated(section);
      },
      onError: (err) => {
        toast.error(MSG.sectionCreateFailed);
        // A duplicate (409) or a refused name (400): say why under the field.
        if (isApiError(err) && (err.status === 409 || err.status === 400)) setError(err.error);
      },
    });
  };

  return (
    <CardSection title="Create New Section" icon={<FolderPlus />} className={className}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-start xl:flex-col xl:items-stretch 2xl:flex-row 2xl:items-start" aria-label="Create New Section">
        <Field label="Section Name" error={error} invalid={empty} className="flex-1">
          <Input
            ref={inputRef}
            value={name}
            maxLength={LIMITS.name}
            autoComplete="off"
            placeholder="e.g. Product Guides"
            onChange={(event) => {
              setName(event.target.value);
              setEmpty(false);
              setError(undefined);
            }}
          />
        </Field>
        <Button type="submit" loading={create.isPending} className="w-full sm:mt-7 sm:w-auto xl:mt-0 xl:self-end 2xl:mt-7">
          Create Section
        </Button>
      </form>
    </CardSection>
  );
});
