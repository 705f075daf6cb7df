import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { isProduct, PRODUCT_CATALOGUE, PRODUCT_CATEGORIES } from '@ahente/contract/catalogue';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { MAX_PROPOSAL_OPTIONS, MAX_VALIDITY_DAYS } from '@ahente/contract/proposal-rules';
import { CTPL_VEHICLE_TYPES, taxLineOf, type CtplVehicleType } from '@ahente/contract/proposal-tax';
import type { ProposalRecord } from '@ahente/contract/proposals';
import { isApiError, serverReason } from '../../api/client';
import { useInsurerOptions } from '../insurers';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';
import { useCtplPremiums, useProposal, useProposalSettings } from './api';
import { BreakdownTable } from './breakdown-table';
import { clearDraft, readDraft, writeDraft } from './proposal-draft';
import { useSaveProposal } from './proposal-outbox';
import {
  ctplPremium,
  emptyOption,
  emptyProposal,
  engineRates,
  liveBreakdown,
  proposalFormSchema,
  valuesOf,
  type ProposalFormOutput,
  type ProposalValues,
} from './proposal-form-values';
import { useBreakdownWords } from './use-breakdown-words';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/**
 * /proposals/new and /proposals/:proposalId/edit: New Proposal, or a draft's change, or a sent
 * proposal's new version. Loads the proposal first when editing.
 */
export function ProposalFormPage() {
  const params = useParams();
  const proposalId = Number(params.proposalId ?? 0);
  const existing = useProposal(proposalId);
  const { t } = useLanguage();
  if (proposalId > 0 && !existing.data) {
    return <p className="p-6 text-sm text-slate-600">{existing.isError ? t('proposals.page.failed') : t('proposals.page.loading')}</p>;
  }
  return <ProposalForm key={proposalId} proposal={existing.data?.proposal ?? null} />;
}

const isCtplTerm = (n: number): n is 1 | 3 => n === 1 || n === 3;

function ProposalForm({ proposal }: { proposal: ProposalRecord | null }) {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const navigate = useNavigate();
  const save = useSaveProposal();
  const settings = useProposalSettings();
  const ctpl = useCtplPremiums();
  const today = todayInManila();
  const proposalId = proposal?.id ?? null;
  // A new proposal's unsaved draft is kept on this device until saved (decision 028).
  const [restored] = useState(() => (proposal ? null : readDraft(user.memberId)));
  const schema = useMemo(() => proposalFormSchema(user.memberId, proposalId), [user.memberId, proposalId]);
  const form = useForm<ProposalValues, unknown, ProposalFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: proposal ? valuesOf(proposal) : (restored ?? emptyProposal(today)),
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const options = useFieldArray({ control, name: 'options' });
  const [shown, setShown] = useState(0);
  // One idempotency key per attempt: a resend after a lost answer saves nothing twice.
  const key = useRef<string | null>(null);

  useEffect(() => {
    if (restored) toast.info(t('proposals.form.restored'));
  }, [restored, t]);
  const values = useWatch({ control });
  useEffect(() => {
    if (proposal) return;
    const id = window.setTimeout(() => writeDraft(user.memberId, values as ProposalValues), 400);
    return () => window.clearTimeout(id);
  }, [values, proposal, user.memberId]);

  const onValid = async (body: ProposalFormOutput) => {
    try {
      key.current ??= newIdempotencyKey();
      // With no signal (or no answer) the save is queued on this device with its key and sent later.
      const outcome = await save.mutateAsync({ body, key: key.current });
      if (!proposal) clearDraft(user.memberId);
      if (outcome.queued) {
        toast.info(t('proposals.form.queued'));
        void navigate('/proposals');
        return;
      }
      toast.success(t('proposals.form.saved'));
      void navigate(`/proposals/${outcome.proposal.id}`);
    } catch (error) {
      key.current = null;
      let marked = false;
      if (isApiError(error, 400)) {
        const details = (error.body as { details?: { path: string; message: string }[] } | null)?.details ?? [];
        for (const d of details) {
          setError(d.path as FieldPath<ProposalValues>, { type: 'server', message: d.message });
          marked = true;
        }
      }
      if (isApiError(error) || !marked) toast.error(serverReason(error) ?? t('proposals.form.failed'));
    }
  };
  const onInvalid = () => toast.error(t('proposals.form.failed'));
  const err = (path: FieldPath<ProposalValues>) => form.getFieldState(path, formState).error?.message;
  const product = useWatch({ control, name: 'product' });
  const isCtpl = product === 'CTPL';
  const rates = engineRates(settings.data?.rates);
  const maxValid = addDays(today, MAX_VALIDITY_DAYS);

  const addOption = () => {
    options.append(emptyOption(), { shouldFocus: false });
    setShown(options.fields.length);
  };
  const removeOption = (index: number) => {
    options.remove(index);
    setShown((s) => Math.max(0, Math.min(s, options.fields.length - 2)));
  };

  return (
    <>
      <PageHeader
        title={proposal ? t('proposals.form.editTitle', { number: proposal.number }) : t('proposals.form.title')}
        description={t('proposals.form.description')}
      />
      <form noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)} className="space-y-5">
        <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-5 xl:grid-cols-3">
          <h2 className="text-base font-semibold text-slate-900 sm:col-span-2 xl:col-span-3">{t('proposals.form.clientSection')}</h2>
          <Field label={t('proposals.form.clientName')} error={err('client.name')}>
            <Input autoComplete="off" {...register('client.name')} />
          </Field>
          <Field label={t('proposals.form.contact')} hint={t('proposals.form.optional')} error={err('client.contact')}>
            <Input inputMode="numeric" autoComplete="off" {...register('client.contact')} />
          </Field>
          <Field label={t('proposals.form.email')} hint={t('proposals.form.optional')} error={err('client.email')}>
            <Input type="email" autoComplete="off" {...register('client.email')} />
          </Field>
          <h2 className="mt-2 text-base font-semibold text-slate-900 sm:col-span-2 xl:col-span-3">{t('proposals.form.productSection')}</h2>
          <Field label={t('proposals.form.product')} error={err('product')}>
            <Select {...register('product')}>
              <option value="">{t('proposals.form.choose')}</option>
              {PRODUCT_CATEGORIES.map((category) => (
                <optgroup key={category} label={category}>
                  {PRODUCT_CATALOGUE[category].map((p) => (
                    <option key={`${category}-${p}`} value={p}>
                      {productLabel(p)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          </Field>
          <Field label={t('proposals.form.validUntil')} hint={t('proposals.form.validHint')} error={err('valid_until')}>
            <Input type="date" min={today} max={maxValid} {...register('valid_until')} />
          </Field>
          <Field label={t('proposals.form.startDate')} hint={t('proposals.form.optional')} error={err('start_date')}>
            <Input type="date" {...register('start_date')} />
          </Field>
        </Card>

        <section aria-labelledby="proposal-options">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="proposal-options" className="text-base font-semibold text-slate-900">
              {t('proposals.form.options')}
            </h2>
            {options.fields.length < MAX_PROPOSAL_OPTIONS && (
              <Button type="button" variant="outline" size="sm" onClick={addOption}>
                <Plus aria-hidden="true" />
                {t('proposals.form.addOption')}
              </Button>
            )}
          </div>
          {/* A phone shows one option at a time: the switcher picks it (the others stay in the form). */}
          {options.fields.length > 1 && (
            <div className="mb-3 flex gap-2 md:hidden" role="group" aria-label={t('proposals.form.options')}>
              {options.fields.map((field, index) => (
                <Button
                  key={field.id}
                  type="button"
                  size="sm"
                  variant={shown === index ? 'primary' : 'outline'}
                  aria-pressed={shown === index}
                  onClick={() => setShown(index)}
                >
                  {t('proposals.form.optionN', { n: index + 1 })}
                </Button>
              ))}
            </div>
          )}
          <div
            className={cn('grid gap-4', options.fields.length === 2 && 'md:grid-cols-2', options.fields.length === 3 && 'md:grid-cols-3')}
          >
            {options.fields.map((field, index) => (
              <OptionCard
                key={field.id}
                index={index}
                form={form}
                control={control}
                hidden={shown !== index}
                canRemove={options.fields.length > 1}
                onRemove={() => removeOption(index)}
                isCtpl={isCtpl}
                ctplRows={ctpl.data?.rows}
                product={product}
                rates={rates}
                err={err}
              />
            ))}
          </div>
        </section>

        <Card className="p-4 sm:p-5">
          <Field label={t('proposals.form.notes')} hint={t('proposals.form.optional')} error={err('notes')}>
            <Textarea rows={3} {...register('notes')} />
          </Field>
          <Checkbox className="mt-4" label={t('proposals.form.showContact')} {...register('show_contact')} />
        </Card>

        <div className="flex flex-wrap justify-end gap-3">
          <Link to={proposal ? `/proposals/${proposal.id}` : '/proposals'} className={buttonClasses({ variant: 'outline' })}>
            {t('proposals.form.cancel')}
          </Link>
          <Button type="submit" loading={formState.isSubmitting}>
            {formState.isSubmitting ? t('proposals.form.saving') : t('proposals.form.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

function OptionCard({
  index,
  form,
  control,
  hidden,
  canRemove,
  onRemove,
  isCtpl,
  ctplRows,
  product,
  rates,
  err,
}: {
  index: number;
  form: UseFormReturn<ProposalValues, unknown, ProposalFormOutput>;
  control: Control<ProposalValues, unknown, ProposalFormOutput>;
  hidden: boolean;
  canRemove: boolean;
  onRemove: () => void;
  isCtpl: boolean;
  ctplRows: readonly { vehicle_type: string; years: number; premium: number }[] | undefined;
  product: string;
  rates: ReturnType<typeof engineRates>;
  err: (path: FieldPath<ProposalValues>) => string | undefined;
}) {
  const { t } = useLanguage();
  const words = useBreakdownWords(index + 1);
  const { register, setValue } = form;
  const coverages = useFieldArray({ control, name: `options.${index}.coverages` });
  const premium = useWatch({ control, name: `options.${index}.basic_premium` });
  const vehicle = useWatch({ control, name: `options.${index}.vehicle_type` });
  const years = useWatch({ control, name: `options.${index}.years` });
  const breakdown = liveBreakdown(product, premium, rates);
  const n = index + 1;
  const headingId = `option-${n}-heading`;
  // CTPL: the premium the table gives the vehicle type and term, put in Basic premium when either changes.
  const proposed = isCtpl && vehicle !== '' && isCtplTerm(Number(years)) ? ctplPremium(ctplRows, vehicle, Number(years) as 1 | 3) : null;
  const propose = (nextVehicle: CtplVehicleType | '', nextYears: string) => {
    if (nextVehicle === '' || !isCtplTerm(Number(nextYears))) return;
    setValue(`options.${index}.basic_premium`, ctplPremium(ctplRows, nextVehicle, Number(nextYears) as 1 | 3).toFixed(2), {
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const insurerOptions = useInsurerOptions();
  const vehicleField = register(`options.${index}.vehicle_type`);
  const yearsField = register(`options.${index}.years`);

  return (
    <Card className={cn('flex min-w-0 flex-col gap-3 p-4', hidden && 'max-md:hidden')} aria-labelledby={headingId} role="group">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('proposals.form.optionN', { n })}
        </h3>
        {canRemove && (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={t('proposals.form.removeOption', { n })}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
      <Field label={t('proposals.form.insurer')} error={err(`options.${index}.insurer`)}>
        {/* The agency's active insurers offered (decision 037); any other name is still taken, as typed. */}
        <Input autoComplete="off" list={`${headingId}-insurers`} {...register(`options.${index}.insurer`)} />
      </Field>
      <datalist id={`${headingId}-insurers`}>
        {insurerOptions.data?.insurers.map((i) => (
          <option key={i.id} value={i.name} />
        ))}
      </datalist>
      <Field label={t('proposals.form.planName')} hint={t('proposals.form.optional')} error={err(`options.${index}.plan_name`)}>
        <Input autoComplete="off" {...register(`options.${index}.plan_name`)} />
      </Field>
      {isCtpl && (
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">
          <Field label={t('proposals.form.vehicleType')}>
            <Select
              {...vehicleField}
              onChange={(e) => {
                void vehicleField.onChange(e);
                propose(e.target.value as CtplVehicleType | '', years);
              }}
            >
              <option value="">{t('proposals.form.choose')}</option>
              {CTPL_VEHICLE_TYPES.map((v) => (
                <option key={v.key} value={v.key}>
                  {v.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('proposals.form.years')}>
            <Select
              {...yearsField}
              onChange={(e) => {
                void yearsField.onChange(e);
                propose(vehicle, e.target.value);
              }}
            >
              <option value="1">{t('proposals.form.year1')}</option>
              <option value="3">{t('proposals.form.year3')}</option>
            </Select>
          </Field>
        </div>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t('proposals.form.basicPremium')}
          hint={proposed !== null ? t('proposals.form.ctplHint', { premium: formatPeso(proposed) }) : undefined}
          error={err(`options.${index}.basic_premium`)}
        >
          <Input inputMode="decimal" autoComplete="off" leading="₱" {...register(`options.${index}.basic_premium`)} />
        </Field>
        <Field label={t('proposals.form.sumInsured')} hint={t('proposals.form.optional')} error={err(`options.${index}.sum_insured`)}>
          <Input inputMode="decimal" autoComplete="off" leading="₱" {...register(`options.${index}.sum_insured`)} />
        </Field>
      </div>
      {breakdown && isProduct(product) && <BreakdownTable breakdown={breakdown} line={taxLineOf(product)} words={words} live />}

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t('proposals.form.coverages')}</legend>
        {coverages.fields.map((field, c) => (
          <div key={field.id} className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] items-end gap-2">
            <Field label={t('proposals.form.coverageName')} error={err(`options.${index}.coverages.${c}.name`)}>
              <Input {...register(`options.${index}.coverages.${c}.name`)} />
            </Field>
            <Field label={t('proposals.form.coverageLimit')} error={err(`options.${index}.coverages.${c}.limit`)}>
              <Input {...register(`options.${index}.coverages.${c}.limit`)} />
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={() => coverages.remove(c)}
              aria-label={t('proposals.form.removeCoverage', { n: c + 1 })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button type="button" variant="link" onClick={() => coverages.append({ name: '', limit: '' })}>
          <Plus aria-hidden="true" />
          {t('proposals.form.addCoverage')}
        </Button>
      </fieldset>
      <Field label={t('proposals.form.deductible')} hint={t('proposals.form.optional')} error={err(`options.${index}.deductible`)}>
        <Input autoComplete="off" {...register(`options.${index}.deductible`)} />
      </Field>
      <Field label={t('proposals.form.remarks')} hint={t('proposals.form.optional')} error={err(`options.${index}.remarks`)}>
        <Textarea rows={2} {...register(`options.${index}.remarks`)} />
      </Field>
    </Card>
  );
}
