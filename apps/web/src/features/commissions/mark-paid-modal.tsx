import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatMonth, todayInManila } from '@ahente/contract/dates';
import { markPaidRequest, type MarkPaidRequest, type StatementRecord } from '@ahente/contract/commissions';
import { formatPeso } from '@ahente/contract/money';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useMarkStatementPaid } from './api';
import { formSchemaFor } from '../../lib/form-schema';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';

interface MarkPaidFormValues {
  statement_id: string;
  paid_on: string;
  reference: string;
}
const markPaidFormSchema = formSchemaFor<MarkPaidFormValues>()(markPaidRequest);
const FIELDS = ['paid_on', 'reference'] as const;

interface MarkPaidModalProps {
  statement: StatementRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Mark Paid: the date the payout of a statement's net was made and its reference (a bank transfer
 * number); a statement is paid once, and a carried-forward one never (it has no Mark Paid).
 */
export function MarkPaidModal({ statement, open, onOpenChange }: MarkPaidModalProps) {
  const markPaid = useMarkStatementPaid();
  const formId = useId();
  const referenceRef = useRef<HTMLInputElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<MarkPaidFormValues, unknown, MarkPaidRequest>({
    resolver: zodResolver(markPaidFormSchema),
    defaultValues: { statement_id: String(statement.id), paid_on: todayInManila(), reference: '' },
  });
  const { errors } = form.formState;
  const saving = markPaid.isPending;
  const referenceField = form.register('reference');
  const what = `${statement.member_name}'s ${formatMonth(statement.period)} statement`;

  const submit = async (values: MarkPaidRequest) => {
    if (markPaid.isPending) return;
    setServerError(null);
    try {
      await markPaid.mutateAsync(values);
      toast.success(`${what} is marked paid.`);
      onOpenChange(false);
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const reason = serverReason(error);
      toast.error(`Failed to mark ${what} paid.`);
      if (fields.length === 0) setServerError(reason ?? 'Please try again.');
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      title="Mark Paid"
      description={`${statement.member_name}, ${formatMonth(statement.period)}: ${formatPeso(statement.net)} net to pay`}
      initialFocus={referenceRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Mark Paid
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(submit)} aria-busy={saving || undefined} className="grid gap-4">
        <Field label="Paid on" error={errors.paid_on?.message}>
          <Input type="date" {...form.register('paid_on')} disabled={saving} />
        </Field>
        <Field label="Reference" hint="The bank transfer or cheque number" error={errors.reference?.message}>
          <Input
            {...referenceField}
            ref={(element: HTMLInputElement | null) => setRefs(element, referenceField.ref, referenceRef)}
            maxLength={100}
            autoComplete="off"
            disabled={saving}
          />
        </Field>
        {serverError && (
          <Notice tone="error" detail={serverError}>
            The statement was not marked paid.
          </Notice>
        )}
      </form>
    </Modal>
  );
}
