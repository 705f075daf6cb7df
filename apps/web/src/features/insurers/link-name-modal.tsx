import { useId, useState } from 'react';
import type { AdminInsurer, UnknownInsurerName } from '@ahente/contract/insurers';
import { serverReason } from '../../api/client';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';
import { useLinkInsurerName } from './api';

interface LinkNameModalProps {
  unknown: UnknownInsurerName;
  insurers: readonly AdminInsurer[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Link to…: an unknown insurer name of sales made an alias of the insurer chosen, and its sales linked. */
export function LinkNameModal({ unknown, insurers, open, onOpenChange }: LinkNameModalProps) {
  const link = useLinkInsurerName();
  const formId = useId();
  const [insurerId, setInsurerId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = link.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (insurerId === '') {
      setError('Choose the insurer this name means.');
      return;
    }
    setError(null);
    try {
      const result = await link.mutateAsync({ text: unknown.text, insurer_id: Number(insurerId) });
      toast.success(
        `“${unknown.text}” is now an alias of ${result.insurer.name}: ${result.linked_sales} sale${result.linked_sales === 1 ? '' : 's'} linked.`,
      );
      onOpenChange(false);
    } catch (err) {
      setError(serverReason(err) ?? 'Please try again.');
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !(busy && !next) && onOpenChange(next)}
      title={`Link “${unknown.text}”`}
      description={`The name becomes an alias of the insurer chosen, and its ${unknown.sales} sale${unknown.sales === 1 ? ' is' : 's are'} linked to it.`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Link
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Insurer">
          <Select
            value={insurerId}
            onChange={(e) => setInsurerId(e.target.value)}
            placeholder="Choose an insurer"
            options={insurers.map((i) => ({ value: String(i.id), label: i.name }))}
            disabled={busy}
          />
        </Field>
        {error && (
          <Notice tone="error" detail={error}>
            The name was not linked.
          </Notice>
        )}
      </form>
    </Modal>
  );
}
