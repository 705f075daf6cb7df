import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useForm, useWatch } from 'react-hook-form';
import { todayInManila } from '@ahente/contract/dates';
import { formatPeso } from '@ahente/contract/money';
import { CTPL_VEHICLE_TYPES } from '@ahente/contract/proposal-tax';
import {
  PROPOSAL_SETTING_NAMES,
  saveCtplPremiumRequest,
  saveProposalSettingsRequest,
  type SaveCtplPremiumRequest,
  type SaveProposalSettingsInput,
} from '@ahente/contract/proposals';
import { serverReason } from '../../api/client';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { toast } from '../../ui/toast';
import { useCtplPremiums, useProposalSettings, useSaveCtplPremium, useSaveProposalSettings } from './api';

type SettingName = (typeof PROPOSAL_SETTING_NAMES)[number];
const SETTING_LABELS: Record<SettingName, string> = {
  dst: 'Documentary Stamp Tax (%)',
  vat: 'VAT (%)',
  lgt: 'Local Government Tax (%)',
  fst: 'Fire Service Tax (%)',
  lto_fee: 'LTO interconnectivity fee (₱)',
};
const formatSetting = (name: SettingName, value: number) => (name === 'lto_fee' ? formatPeso(value) : `${value} %`);
const vehicleLabel = (key: string) => CTPL_VEHICLE_TYPES.find((v) => v.key === key)?.label ?? key;

/**
 * Admin Panel → Proposals (issue 46): the tax rates and the LTO fee a proposal is worked out with,
 * each set from a date with its history kept (a proposal keeps the rates it was made with), and the
 * CTPL table. English only, as the rest of the Admin Panel (decision 030).
 */
export function AdminProposalsPage() {
  return (
    <>
      <PageHeader
        title="Proposals"
        description="The taxes and fees every new proposal is worked out with, and the CTPL basic premiums the form proposes. A change applies from its date; proposals already made keep their rates."
      />
      <div className="grid gap-5 2xl:grid-cols-2">
        <RatesCard />
        <CtplCard />
      </div>
    </>
  );
}

interface RateValues {
  name: SettingName;
  value: string;
  effective_from: string;
}
const rateSchema = formSchemaFor<RateValues>()(
  z.preprocess(
    (v: RateValues) => ({
      effective_from: v.effective_from,
      [v.name]: v.value.trim() === '' ? undefined : v.name === 'lto_fee' ? v.value.trim() : Number(v.value),
    }),
    saveProposalSettingsRequest,
  ),
);

function RatesCard() {
  const settings = useProposalSettings();
  const save = useSaveProposalSettings();
  const today = todayInManila();
  const form = useForm<RateValues, unknown, SaveProposalSettingsInput>({
    resolver: zodResolver(rateSchema),
    defaultValues: { name: 'lgt', value: '', effective_from: today },
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const name = useWatch({ control: form.control, name: 'name' });
  const valueError = errors[name]?.message ?? errors.value?.message ?? errors['']?.message;
  const submit = async () => {
    const values = form.getValues();
    try {
      await save.mutateAsync({
        effective_from: values.effective_from,
        [values.name]: values.name === 'lto_fee' ? values.value.trim() : Number(values.value),
      });
      toast.success(`${SETTING_LABELS[values.name]}: ${values.value} from ${formatCalendarDate(values.effective_from)}.`);
      form.reset({ ...values, value: '' });
    } catch (error) {
      toast.error(serverReason(error) ?? 'Failed to save the rate.');
    }
  };
  const rates = settings.data?.rates;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Tax rates and fees</h2>
      {rates ? (
        <dl className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
          {PROPOSAL_SETTING_NAMES.map((n) => (
            <div key={n} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-900/5 ring-inset">
              <dt className="text-xs text-slate-600">{SETTING_LABELS[n]}</dt>
              <dd className="text-lg font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatSetting(n, rates[n])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{settings.isError ? 'The rates could not be loaded.' : 'Loading the rates…'}</p>
      )}
      <form
        noValidate
        className="mt-5 grid items-start gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        onSubmit={(e) => void form.handleSubmit(submit, () => toast.error('Failed to save the rate.'))(e)}
        aria-label="Add a rate from a date"
      >
        <Field label="Rate">
          <Select {...form.register('name')}>
            {PROPOSAL_SETTING_NAMES.map((n) => (
              <option key={n} value={n}>
                {SETTING_LABELS[n]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="New value" error={valueError}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('value')} />
        </Field>
        <Field label="Effective from" error={errors.effective_from?.message}>
          <Input type="date" {...form.register('effective_from')} />
        </Field>
        <Button type="submit" className="sm:mt-6" loading={save.isPending}>
          Add rate
        </Button>
      </form>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">History</h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {(settings.data?.history ?? []).map((h, i) => (
          <li key={i} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span>
              <span className="font-medium text-slate-900">{SETTING_LABELS[h.name]}</span>{' '}
              <span className="text-slate-900 tabular-nums">{formatSetting(h.name, h.value)}</span>{' '}
              <span className="text-slate-600">from {formatCalendarDate(h.effective_from)}</span>
            </span>
            <span className="text-xs text-slate-500">
              Set {formatTimestampParts(h.created_at).date}
              {h.created_by ? ` by ${h.created_by}` : ''}
            </span>
          </li>
        ))}
        {settings.data?.history.length === 0 && (
          <li className="px-3 py-2 text-slate-500">The reference rates are in force; none has been changed.</li>
        )}
      </ul>
    </Card>
  );
}

interface CtplValues {
  vehicle_type: string;
  years: string;
  premium: string;
  effective_from: string;
}
const ctplSchema = formSchemaFor<CtplValues>()(
  z.preprocess((v: CtplValues) => ({ ...v, years: Number(v.years), premium: v.premium.replace(/[₱,\s]/g, '') }), saveCtplPremiumRequest),
);

function CtplCard() {
  const ctpl = useCtplPremiums();
  const save = useSaveCtplPremium();
  const today = todayInManila();
  const form = useForm<CtplValues, unknown, z.output<typeof saveCtplPremiumRequest>>({
    resolver: zodResolver(ctplSchema),
    defaultValues: { vehicle_type: 'private_car', years: '1', premium: '', effective_from: today },
  });
  const { errors } = form.formState;
  const submit = async (body: SaveCtplPremiumRequest) => {
    try {
      await save.mutateAsync(body);
      toast.success(`CTPL, ${vehicleLabel(String(body.vehicle_type))}, ${String(body.years)} year(s): updated.`);
      form.reset({ ...form.getValues(), premium: '' });
    } catch (error) {
      toast.error(serverReason(error) ?? 'Failed to save the premium.');
    }
  };
  const rows = ctpl.data?.rows ?? [];
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">CTPL basic premiums</h2>
      <p className="mt-1 text-sm text-slate-600">
        Fixed by the Insurance Commission per vehicle type; the New Proposal form proposes them.
      </p>
      <div className="mt-3 overflow-hidden rounded-lg border border-slate-200">
        <Table caption="CTPL basic premiums in force" aria-busy={ctpl.isPending || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>Vehicle type</TableHeaderCell>
              <TableHeaderCell numeric>1 year</TableHeaderCell>
              <TableHeaderCell numeric>3 years</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {CTPL_VEHICLE_TYPES.map((v) => {
              const one = rows.find((r) => r.vehicle_type === v.key && r.years === 1);
              const three = rows.find((r) => r.vehicle_type === v.key && r.years === 3);
              return (
                <TableRow key={v.key}>
                  <TableCell>{v.label}</TableCell>
                  <TableCell numeric>{one ? formatPeso(one.premium) : '—'}</TableCell>
                  <TableCell numeric>{three ? formatPeso(three.premium) : '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <form
        noValidate
        className="mt-5 grid items-start gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        onSubmit={(e) => void form.handleSubmit(submit, () => toast.error('Failed to save the premium.'))(e)}
        aria-label="Update a CTPL premium"
      >
        <Field label="Vehicle type" error={errors.vehicle_type?.message}>
          <Select {...form.register('vehicle_type')}>
            {CTPL_VEHICLE_TYPES.map((v) => (
              <option key={v.key} value={v.key}>
                {v.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Term" error={errors.years?.message}>
          <Select {...form.register('years')}>
            <option value="1">1 year</option>
            <option value="3">3 years</option>
          </Select>
        </Field>
        <Field label="Premium" error={errors.premium?.message}>
          <Input inputMode="decimal" autoComplete="off" leading="₱" {...form.register('premium')} />
        </Field>
        <Field label="Effective from" error={errors.effective_from?.message}>
          <Input type="date" {...form.register('effective_from')} />
        </Field>
        <Button type="submit" className="xl:mt-6" loading={save.isPending}>
          Update
        </Button>
      </form>
      {(ctpl.data?.history.length ?? 0) > 0 && (
        <>
          <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-900">History</h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {ctpl.data?.history.map((h, i) => (
              <li key={i} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span>
                  <span className="font-medium text-slate-900">
                    {vehicleLabel(h.vehicle_type)}, {h.years === 1 ? '1 year' : `${h.years} years`}
                  </span>{' '}
                  <span className="tabular-nums">{formatPeso(h.premium)}</span>{' '}
                  <span className="text-slate-600">from {formatCalendarDate(h.effective_from)}</span>
                </span>
                <span className="text-xs text-slate-500">
                  Set {formatTimestampParts(h.created_at).date}
                  {h.created_by ? ` by ${h.created_by}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
