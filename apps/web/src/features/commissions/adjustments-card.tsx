import { zodResolver } from '@hookform/resolvers/zod';
import { Scale, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { adjustmentRequest, type AdjustmentRecord } from '@ahente/contract/commissions';
import { formatPeso } from '@ahente/contract/money';
import type { z } from 'zod';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useAddAdjustment, useCommissionAdjustments } from '../../api/commissions';
import { useMemberSearch } from '../../api/members';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { fullName } from '../../lib/names';
import { useShowMore } from '../../lib/use-show-more';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { ShowMore } from '../../ui/show-more';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, EntryStatusBadge } from './commission-format';
import { formatMonth } from '@ahente/contract/dates';

const COLUMNS = 6;
/** Typing pauses this long before the members are searched. */
const SEARCH_DELAY_MS = 300;

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
 * Adjustments (issue 12): ledger entries are never edited; an admin corrects a member's
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
        <span className="block text-xs font-normal text-slate-500">ID {row.member_id}</span>
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

/**
 * Choosing a member: a name search (on the server, after a pause in typing) fills the Member
 * select with up to 25 matches. The chosen member stays in the select while the search changes.
 */
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
  const { value } = field;
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const members = useMemberSearch(user.user, q, 1, 25);
  const [chosen, setChosen] = useState<{ value: string; name: string; label: string } | null>(null);

  const options = useMemo(() => {
    const found = (members.data?.rows ?? []).map((m) => ({ value: String(m.id), name: fullName(m), label: `${fullName(m)} (ID ${m.id})` }));
    if (chosen && value === chosen.value && !found.some((o) => o.value === chosen.value)) found.unshift(chosen);
    return found;
  }, [members.data, chosen, value]);

  const placeholder = members.isPending
    ? 'Loading members…'
    : members.isError
      ? 'The members could not be loaded'
      : options.length === 0
        ? 'No member has that name'
        : 'Select a member';

  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <Field label="Find member" hint="Part of a first, middle or last name">
        <Input
          type="search"
          leading={<Search />}
          value={text}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          disabled={disabled}
        />
      </Field>
      <Field label="Member" error={fieldState.error?.message}>
        <Select
          ref={(element: HTMLSelectElement | null) => field.ref(element)}
          name={field.name}
          value={value}
          placeholder={placeholder}
          options={options}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(e) => {
            const option = options.find((o) => o.value === e.target.value);
            setChosen(option ?? null);
            if (option) onChosen(option.value, option.name);
            field.onChange(e.target.value);
          }}
        />
      </Field>
    </div>
  );
}
