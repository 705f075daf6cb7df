import { useId, useRef, useState } from 'react';
import type { AdminInsurer } from '@ahente/contract/insurers';
import { serverReason } from '../../api/client';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';
import { useSaveInsurer } from './api';

interface InsurerModalProps {
  /** The insurer changed, or null for a new one. */
  insurer: AdminInsurer | null;
  /** A new insurer's name to start from (an unknown name of sales added as an insurer). */
  name?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A short code from a name's initials (Malayan Insurance → MI), a suggestion the admin may change. */
const suggestedCode = (name: string) => {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 6)).slice(0, 20);
};

/**
 * Add or edit an insurer (decision 037): its name, short code, other spellings (one a line) and
 * whether the sale form offers it. Its name and aliases link the sales that name them; a name or an
 * alias another insurer has is refused, naming that insurer.
 */
export function InsurerModal({ insurer, name: startName = '', open, onOpenChange }: InsurerModalProps) {
  const save = useSaveInsurer();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(insurer?.name ?? startName);
  const [code, setCode] = useState(insurer?.code ?? suggestedCode(startName));
  const [aliases, setAliases] = useState((insurer?.aliases ?? []).join('\n'));
  const [active, setActive] = useState(insurer?.active ?? true);
  const [error, setError] = useState<string | null>(null);
  const saving = save.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setError(null);
    try {
      const result = await save.mutateAsync({
        ...(insurer ? { id: insurer.id } : {}),
        name,
        code,
        aliases: aliases
          .split('\n')
          .map((a) => a.trim())
          .filter(Boolean),
        active,
      });
      const linked = result.linked_sales;
      toast.success(`${result.insurer.name} saved${linked > 0 ? `: ${linked} sale${linked === 1 ? '' : 's'} linked` : ''}.`);
      onOpenChange(false);
    } catch (err) {
      setError(serverReason(err) ?? 'Please try again.');
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !(saving && !next) && onOpenChange(next)}
      title={insurer ? `Edit ${insurer.name}` : 'Add Insurer'}
      description="Sales whose insurer is written as its name or an alias (any case, any spaces) are linked to it."
      initialFocus={nameRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Insurer
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-busy={saving || undefined} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field label="Name">
            <Input
              ref={nameRef}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (!insurer && (code === '' || code === suggestedCode(name))) setCode(suggestedCode(e.target.value));
              }}
              maxLength={100}
              autoComplete="off"
              disabled={saving}
            />
          </Field>
          <Field label="Code" hint="Letters, digits, dashes">
            <Input
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              maxLength={20}
              autoComplete="off"
              disabled={saving}
            />
          </Field>
        </div>
        <Field label="Aliases" hint="Other spellings in statements and old sales, one a line.">
          <Textarea value={aliases} onChange={(e) => setAliases(e.target.value)} rows={3} disabled={saving} />
        </Field>
        <Checkbox
          label="Active: offered on the sale form"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          disabled={saving}
        />
        {error && (
          <Notice tone="error" detail={error}>
            The insurer was not saved.
          </Notice>
        )}
      </form>
    </Modal>
  );
}
