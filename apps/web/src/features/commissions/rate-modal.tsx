import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatRate, setRateRequest, type RateKind, type RateSchedule, type SetRate } from '@ahente/contract/commissions';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useSetCommissionRate } from './api';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { setRefs } from '../../lib/set-refs';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';
import { keyLabel } from './commission-format';

interface RateFormValues {
  kind: RateKind;
  key: string;
  rate: string;
  effective_from: string;
}
const rateFormSchema = formSchemaFor<RateFormValues>()(setRateRequest);
const FIELDS = ['rate', 'effective_from'] as const;

interface RateModalProps {
  kind: RateKind;
  schedule: RateSchedule;
  /** Today in Manila (the schedule's as_of): the earliest date a new rate may start. */
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Set Rate: a new rate for a product or a leadership position from a date (today or later); sales
 * recorded before it keep the rate of their day. Below the form, every rate ever set, newest first.
 */
export function RateModal({ kind, schedule, today, open, onOpenChange }: RateModalProps) {
  const save = useSetCommissionRate();
  const formId = useId();
  const rateRef = useRef<HTMLInputElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RateFormValues, unknown, SetRate>({
    resolver: zodResolver(rateFormSchema),
    defaultValues: { kind, key: schedule.key, rate: schedule.current === null ? '' : String(schedule.current), effective_from: today },
  });
  const { errors } = form.formState;
  const saving = save.isPending;
  const name = keyLabel(schedule.key);
  const rateField = form.register('rate');
  // The history is newest first: the first rate of the current one's date is the one in force.
  const inForceId = schedule.history.find((r) => r.effective_from === schedule.current_from)?.id;

  const submit = async (values: SetRate) => {
    if (save.isPending) return;
    setServerError(null);
    try {
      const { rate } = await save.mutateAsync(values);
      toast.success(`${name}: ${formatRate(rate.rate)} from ${formatCalendarDate(rate.effective_from)}.`);
      onOpenChange(false);
    } catch (error) {
      toast.error(`Failed to save the rate for ${name}.`);
      const fields = serverFieldErrors(error, FIELDS);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      if (fields.length === 0) setServerError(serverReason(error) ?? 'Please try again.');
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      title={`Set Rate: ${name}`}
      description={
        kind === 'product'
          ? 'The agent who sells this product earns this share of the TCV.'
          : `The nearest ${name} above the agent earns this share of the TCV of each sale.`
      }
      initialFocus={rateRef}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Rate
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(submit)} aria-busy={saving || undefined}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Rate (% of TCV)" hint="From 0 to 100, up to 2 decimals, e.g. 12.5" error={errors.rate?.message}>
            <Input
              {...rateField}
              ref={(element: HTMLInputElement | null) => setRefs(element, rateField.ref, rateRef)}
              inputMode="decimal"
              autoComplete="off"
              disabled={saving}
            />
          </Field>
          <Field label="Effective from" hint="Today or a later date" error={errors.effective_from?.message}>
            <Input type="date" min={today} {...form.register('effective_from')} disabled={saving} />
          </Field>
        </div>
        {serverError && (
          <Notice tone="error" className="mt-4" detail={serverError}>
            The rate was not saved.
          </Notice>
        )}
      </form>

      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">History</h3>
      {schedule.history.length === 0 ? (
        <p className="text-sm text-slate-500">No rate has been set yet: sales of it earn nothing.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {schedule.history.map((record) => {
            const set = formatTimestampParts(record.created_at);
            const scheduled = record.effective_from > today;
            const inForce = record.id === inForceId;
            return (
              <li key={record.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span className="flex items-center gap-2">
                  <span className="font-semibold text-slate-900 tabular-nums">{formatRate(record.rate)}</span>
                  <span className="text-slate-600">from {formatCalendarDate(record.effective_from)}</span>
                  {inForce && <Badge tone="success">In force</Badge>}
                  {scheduled && <Badge tone="info">Scheduled</Badge>}
                </span>
                <span className="text-xs text-slate-500">
                  Set {set.date}
                  {record.created_by_name ? ` by ${record.created_by_name}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
