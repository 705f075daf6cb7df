import { zodResolver } from '@hookform/resolvers/zod';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { adjustmentRequest, type AdjustmentRecord } from '@ahente/contract/commissions';
import { formatPeso } from '@ahente/contract/money';
import type { z } from 'zod';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useAddAdjustment, useCommissionAdjustments } from './api';
import { useMemberMatches } from '../members';
import { formatCalendarDate } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { useShowMore } from '../../lib/use-show-more';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { MemberSelect } from '../../ui/member-select';
import { ShowMore } from '../../ui/show-more';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, EntryStatusBadge } from './commission-format';
import { formatMonth } from '@ahente/contract/dates';
import { memberIdText } from '@ahente/contract/labels';

const COLUMNS = 6;
interface AdjustmentFormValues {
  member_id: string;
  amount: string;
  reason: string;
}
type Adjustment = z.output<typeof adjustmentRequest>;
const EMPTY: AdjustmentFormValues = { member_id: '', amount: '', reason: '' };
const adjustmentFormSchema = formSchemaFor<AdjustmentFormValues>()(adjustmentRequest);
const FIELDS = ['member_id', 'amount', 'reason'] as const;

/**
 * Adjustments (decision 016): ledger entries are never edited; an admin corrects a member's
 * commissions with a positive or negative amount and a reason. The form, then every adjustment
 * made, newest first.
 */
export function AdjustmentsCard({ id }: { id?: string }) {
  const adjustments = useCommissionAdjustments();
  const rows = adjustments.data ?? [];
  const page = useShowMore(rows);
  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Adjustments"
        description="Entries are never edited: correct a member's commissions with a positive or negative adjustment and its reason."
        icon={<Scale />}
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        <AdjustmentForm />
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table caption="Past adjustments" aria-busy={adjustments.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
          <TableHead>
            <tr>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell numeric>Amount</TableHeaderCell>
              <TableHeaderCell>Reason</TableHeaderCell>
              <TableHeaderCell>Added By</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={adjustments}
            loadingLabel="Loading adjustments…"
            skeletonClassName={(column) => (column === 1 || column === 3 ? 'h-4 w-32' : 'h-4 w-16')}
            errorMessage="The adjustments could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<Scale />}
            emptyTitle="No adjustments yet"
          >
            {page.visible.map((row) => (
              <AdjustmentRow key={row.id} row={row} />
            ))}
          </TableBodyStates>
        </Table>
        <ShowMore
          shown={page.visible.length}
          total={rows.length}
          next={page.next}
          expanded={page.expanded}
          noun="adjustments"
          onShowMore={page.showMore}
          onShowAll={page.showAll}
        />
      </CardSection>
    </div>
  );
}

function AdjustmentRow({ row }: { row: AdjustmentRecord }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <time dateTime={row.entry_date}>{formatCalendarDate(row.entry_date)}</time>
      </TableCell>
      <TableCell className="min-w-36 font-medium text-slate-900">
        {row.member_name}
        <span className="block text-xs font-normal text-slate-500">{memberIdText(row.member_id)}</span>
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        <Amount value={row.amount} />
      </TableCell>
      <TableCell className="min-w-52">
        <p className="break-words">{row.reason ?? row.rule}</p>
      </TableCell>
      <TableCell className="min-w-28">{row.created_by_name ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap">
        <EntryStatusBadge status={row.status} />
        <span className="mt-1 block text-xs text-slate-500">{formatMonth(row.period)}</span>
      </TableCell>
    </TableRow>
  );
}

/** Member (found by name), Amount in pesos (a minus sign for a deduction), Reason, and Add Adjustment. */
function AdjustmentForm() {
  const add = useAddAdjustment();
  const form = useForm<AdjustmentFormValues, unknown, Adjustment>({ resolver: zodResolver(adjustmentFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [memberName, setMemberName] = useState<ReadonlyMap<string, string>>(() => new Map());
  // A new key after each adjustment: the member search starts empty again with the form.
  const [pickerKey, setPickerKey] = useState(0);

  const submit = async (values: Adjustment) => {
    if (add.isPending) return;
    const name = memberName.get(String(values.member_id)) ?? `member ${values.member_id}`;
    try {
      const { entry } = await add.mutateAsync(values);
      toast.success(`Adjustment of ${formatPeso(entry.amount)} added for ${name}.`);
      form.reset(EMPTY);
      setPickerKey((k) => k + 1);
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const reason = fields.length === 0 ? serverReason(error) : undefined;
      toast.error(reason ? `Failed to add the adjustment: ${reason}` : 'Failed to add the adjustment.');
    }
  };

  return (
    <form
      noValidate
      aria-label="New adjustment"
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-4 border-b border-slate-100 px-5 pb-5"
    >
      <MemberPicker
        key={pickerKey}
        control={form.control}
        disabled={add.isPending}
        onChosen={(value, label) => setMemberName((current) => new Map(current).set(value, label))}
      />
      <div className="grid items-start gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] lg:grid-cols-[12rem_minmax(0,1fr)_auto]">
        <Field label="Amount (₱)" hint="Use -500 for a deduction" error={errors.amount?.message}>
          <Input {...form.register('amount')} inputMode="decimal" autoComplete="off" disabled={add.isPending} />
        </Field>
        <Field label="Reason" error={errors.reason?.message}>
          <Input {...form.register('reason')} maxLength={200} autoComplete="off" disabled={add.isPending} />
        </Field>
        <Button type="submit" loading={add.isPending} className="justify-self-start lg:mt-7">
          Add Adjustment
        </Button>
      </div>
    </form>
  );
}

/** Choosing the member: up to 25 matches of the admin’s member search. */
function MemberPicker({
  control,
  disabled,
  onChosen,
}: {
  control: Control<AdjustmentFormValues, unknown, Adjustment>;
  disabled: boolean;
  /** The member chosen, and their name (for the toast). */
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
