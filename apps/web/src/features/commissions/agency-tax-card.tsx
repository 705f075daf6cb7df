import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { AGENCY_TAX_ENV, setAgencyTaxDetailsRequest, type AgencyTaxDetails, type AgencyTaxField } from '@ahente/contract/tax';
import type { z } from 'zod';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useAgencyTaxDetails, useSetAgencyTaxDetails } from './tax-api';
import { formatTimestampParts } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';

interface DetailsFormValues {
  tin: string;
  address: string;
  rdo: string;
}
type DetailsInput = z.output<typeof setAgencyTaxDetailsRequest>;
const detailsFormSchema = formSchemaFor<DetailsFormValues>()(setAgencyTaxDetailsRequest);
const FIELDS = ['tin', 'address', 'rdo'] as const;

/** What each field is called on this card and in the set-up list. */
export const AGENCY_TAX_FIELD_NAMES: Record<AgencyTaxField, string> = { tin: 'TIN', address: 'registered address', rdo: 'RDO' };

const toValues = (d: AgencyTaxDetails): DetailsFormValues => ({ tin: d.tin ?? '', address: d.address ?? '', rdo: d.rdo ?? '' });

/**
 * Agency tax details (decision 019): the agency's TIN with its branch code, registered address and
 * RDO, which BIR Form 2307 and the alphalist print of the payor. Saved here they replace the
 * server's AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO; while a field is unset, members cannot
 * download their 2307 (the card says which).
 */
export function AgencyTaxCard({ id }: { id?: string }) {
  const details = useAgencyTaxDetails();
  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Agency tax details"
        description="The agency's TIN, registered address and RDO, printed on every BIR Form 2307 and on the alphalist."
        icon={<Building2 />}
      >
        {details.isPending ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <span role="status" className="sr-only">
              Loading the agency's tax details…
            </span>
          </div>
        ) : details.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Notice tone="error">The agency's tax details could not be loaded.</Notice>
            <Button variant="outline" size="sm" onClick={() => void details.refetch()} loading={details.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {details.data.missing.length > 0 && (
              <Notice tone="warning" className="mb-4">
                {`Not set: ${details.data.missing.map((f) => AGENCY_TAX_FIELD_NAMES[f]).join(', ')}. Members cannot download their BIR Form 2307, nor you the alphalist, until all three are saved.`}
              </Notice>
            )}
            <DetailsForm key={details.data.updated_at ?? 'environment'} details={details.data} />
          </>
        )}
      </CardSection>
    </div>
  );
}

function DetailsForm({ details }: { details: AgencyTaxDetails }) {
  const save = useSetAgencyTaxDetails();
  const form = useForm<DetailsFormValues, unknown, DetailsInput>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: toValues(details),
  });
  const { errors } = form.formState;
  const saving = save.isPending;
  const changed = details.updated_at ? formatTimestampParts(details.updated_at) : null;
  const fromEnvironment = details.missing.length < 3;

  const submit = async (values: DetailsInput) => {
    if (save.isPending) return;
    try {
      const saved = await save.mutateAsync(values);
      toast.success(`Agency tax details saved: TIN ${saved.tin ?? ''}, RDO ${saved.rdo ?? ''}.`);
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const reason = fields.length === 0 ? serverReason(error) : undefined;
      toast.error(reason ? `Failed to save the agency's tax details: ${reason}` : "Failed to save the agency's tax details.");
    }
  };

  return (
    <form noValidate aria-label="Agency tax details" onSubmit={form.handleSubmit(submit)} aria-busy={saving || undefined}>
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,8rem)]">
        <Field label="TIN" hint="With the branch code: 000-000-000-000" error={errors.tin?.message}>
          <Input {...form.register('tin')} inputMode="numeric" maxLength={20} autoComplete="off" disabled={saving} />
        </Field>
        <Field label="Registered address" hint="As on the agency's BIR Certificate of Registration" error={errors.address?.message}>
          <Input {...form.register('address')} maxLength={200} autoComplete="off" disabled={saving} />
        </Field>
        <Field label="RDO code" hint="For example 050 or 21B" error={errors.rdo?.message}>
          <Input {...form.register('rdo')} maxLength={4} autoComplete="off" className="uppercase" disabled={saving} />
        </Field>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          {changed
            ? `Saved ${changed.date} at ${changed.time}${details.updated_by_name ? ` by ${details.updated_by_name}` : ''}.`
            : fromEnvironment
              ? `From the server's ${Object.values(AGENCY_TAX_ENV).join(', ')}: saving here replaces them.`
              : `Not saved yet (nor set in the server's ${Object.values(AGENCY_TAX_ENV).join(', ')}).`}
        </p>
        <Button type="submit" loading={saving} className="self-start sm:self-auto">
          Save Tax Details
        </Button>
      </div>
    </form>
  );
}
