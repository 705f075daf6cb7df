import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { formatRate } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { LIMITS } from '@ahente/contract/common';
import { setWithholdingRequest, WITHHOLDING_RATES, type WithholdingResponse } from '@ahente/contract/tax';
import type { z } from 'zod';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useMemberMatches } from '../members';
import { useSetWithholding, useWithholding } from './tax-api';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { MemberSelect } from '../../ui/member-select';
import { Notice } from '../../ui/notice';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';

interface WithholdingFormValues {
  member_id: string;
  rate: string;
  effective_from: string;
  reason: string;
}
type WithholdingInput = z.output<typeof setWithholdingRequest>;
const withholdingFormSchema = formSchemaFor<WithholdingFormValues>()(setWithholdingRequest);
const FIELDS = ['member_id', 'rate', 'effective_from', 'reason'] as const;
const RATE_OPTIONS = WITHHOLDING_RATES.map((rate) => ({ value: String(rate), label: formatRate(rate) }));

/**
 * Withholding tax rates (decision 019): an admin finds a member, sees the rate withheld from their
 * commissions today (5 % unless a declaration says otherwise), its ATC, the next rate scheduled and
 * every rate set (who, when, why); and sets a rate, 5 or 10 %, from today or a later day, with the
 * sworn declaration it rests on.
 */
export function WithholdingCard({ id }: { id?: string }) {
  const set = useSetWithholding();
  const [today] = useState(todayInManila);
  const empty: WithholdingFormValues = { member_id: '', rate: '10', effective_from: today, reason: '' };
  const form = useForm<WithholdingFormValues, unknown, WithholdingInput>({
    resolver: zodResolver(withholdingFormSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const memberValue = useWatch({ control: form.control, name: 'member_id' });
  const memberId = /^\d+$/.test(memberValue) ? Number(memberValue) : null;
  const withholding = useWithholding(memberId);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const saving = set.isPending;

  const submit = async (values: WithholdingInput) => {
    if (set.isPending) return;
    const name = names.get(String(values.member_id)) ?? `member ${values.member_id}`;
    try {
      const { withholding: saved } = await set.mutateAsync(values);
      toast.success(`${name}: ${formatRate(saved.rate)} withheld from ${formatCalendarDate(saved.effective_from)}.`);
      // The member stays chosen, to see their schedule; the rest starts again.
      form.reset({ ...empty, member_id: String(values.member_id) });
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const reason = fields.length === 0 ? serverReason(error) : undefined;
      toast.error(reason ? `Failed to set the withholding rate: ${reason}` : 'Failed to set the withholding rate.');
    }
  };

  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Withholding Tax Rates"
        description="Tax is withheld from each member's commissions at 5%, or at 10% when their sworn declaration says their gross income is above ₱3M or they are VAT-registered."
        icon={<Landmark />}
      >
        <form noValidate aria-label="Withholding rate" onSubmit={form.handleSubmit(submit)} aria-busy={saving || undefined}>
          <MemberPicker
            control={form.control}
            disabled={saving}
            onChosen={(value, label) => setNames((current) => new Map(current).set(value, label))}
          />
          {memberId !== null && (
            <div className="mt-4">
              <CurrentRate query={withholding} />
            </div>
          )}
          <div className="mt-4 grid items-start gap-4 sm:grid-cols-[8rem_11rem_minmax(0,1fr)]">
            <Field label="Rate" error={errors.rate?.message}>
              <Select {...form.register('rate')} options={RATE_OPTIONS} disabled={saving} />
            </Field>
            <Field label="Effective from" hint="Today or a later date" error={errors.effective_from?.message}>
              <Input type="date" min={withholding.data?.as_of ?? today} {...form.register('effective_from')} disabled={saving} />
            </Field>
            <Field
              label="Reason"
              hint="The declaration it rests on, e.g. “Sworn declaration received 2026-11-20: gross income above ₱3M”"
              error={errors.reason?.message}
            >
              <Input {...form.register('reason')} maxLength={LIMITS.line} autoComplete="off" disabled={saving} />
            </Field>
          </div>
          <Button type="submit" loading={saving} className="mt-4">
            Set Withholding Rate
          </Button>
        </form>
        {memberId !== null && withholding.data && <History schedule={withholding.data} />}
      </CardSection>
    </div>
  );
}

/** Choosing the member: up to 25 matches of the admin's member search. */
function MemberPicker({
  control,
  disabled,
  onChosen,
}: {
  control: Control<WithholdingFormValues, unknown, WithholdingInput>;
  disabled: boolean;
  onChosen: (value: string, name: string) => void;
}) {
  const { field, fieldState } = useController({ control, name: 'member_id' });
  const { matches, onSearch } = useMemberMatches();
  return (
    <MemberSelect
      field={field}
      error={fieldState.error?.message}
      disabled={disabled}
      matches={matches}
      onSearch={onSearch}
      onChosen={onChosen}
    />
  );
}

interface WithholdingQuery {
  data?: WithholdingResponse;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The chosen member's rate today and its ATC, since when (or the default), and the next rate scheduled. */
function CurrentRate({ query }: { query: WithholdingQuery }) {
  if (query.isPending) {
    return (
      <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-900/5 ring-inset">
        <Skeleton className="h-5 w-64" />
        <span role="status" className="sr-only">
          Loading the member&apos;s withholding rate…
        </span>
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Notice tone="error">The member&apos;s withholding rate could not be loaded.</Notice>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  const w = query.data;
  return (
    <dl className="grid gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset sm:grid-cols-2">
      <div>
        <dt className="text-xs font-medium text-slate-500">Rate today</dt>
        <dd className="mt-0.5">
          <span className="font-semibold text-slate-900 tabular-nums">{formatRate(w.rate)}</span>
          <span className="text-slate-700">, ATC {w.atc}</span>
          <span className="block text-xs text-slate-500">
            {w.rate_from ? `Since ${formatCalendarDate(w.rate_from)}` : 'The default: no declaration on record'}
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-500">Next</dt>
        <dd className="mt-0.5">
          {w.next ? (
            <>
              <span className="font-semibold text-slate-900 tabular-nums">{formatRate(w.next.rate)}</span>
              <span className="text-slate-700"> from {formatCalendarDate(w.next.effective_from)}</span>
            </>
          ) : (
            <span className="text-slate-700">None scheduled</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** Every rate set for the member, newest first: the rate, from when, why, and who set it when. */
function History({ schedule }: { schedule: WithholdingResponse }) {
  // The history is newest first: the first rate of the current one's date is the one in force.
  const inForceId = schedule.rate_from === null ? undefined : schedule.history.find((r) => r.effective_from === schedule.rate_from)?.id;
  return (
    <div className="mt-6">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">History</h3>
      {schedule.history.length === 0 ? (
        <p className="text-sm text-slate-500">No rate has been set: 5% is withheld by default.</p>
      ) : (
        <ul aria-label="Withholding rates set" className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {schedule.history.map((record) => {
            const set = formatTimestampParts(record.created_at);
            const scheduled = record.effective_from > schedule.as_of;
            const inForce = record.id === inForceId;
            return (
              <li key={record.id} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold text-slate-900 tabular-nums">{formatRate(record.rate)}</span>
                    <span className="text-slate-600">from {formatCalendarDate(record.effective_from)}</span>
                    {inForce && <Badge tone="success">In force</Badge>}
                    {scheduled && <Badge tone="info">Scheduled</Badge>}
                  </span>
                  <p className="mt-0.5 break-words text-slate-700">{record.reason}</p>
                </div>
                <span className="shrink-0 text-xs text-slate-500">
                  Set {set.date}, {set.time}
                  {record.created_by_name ? ` by ${record.created_by_name}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
