import { zodResolver } from '@hookform/resolvers/zod';
import { Settings2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { formatPeso } from '@ahente/contract/money';
import { setPayoutSettingsRequest, type PayoutSettings } from '@ahente/contract/tax';
import type { z } from 'zod';
import { serverFieldErrors, serverReason } from '../../api/client';
import { usePayoutSettings, useSetPayoutSettings } from './tax-api';
import { formatTimestampParts } from '../../lib/dates';
import { formSchemaFor } from '../../lib/form-schema';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';

interface SettingsFormValues {
  minimum_payout: string;
  atc_5: string;
  atc_10: string;
}
type SettingsInput = z.output<typeof setPayoutSettingsRequest>;
const settingsFormSchema = formSchemaFor<SettingsFormValues>()(setPayoutSettingsRequest);
const FIELDS = ['minimum_payout', 'atc_5', 'atc_10'] as const;

/** The settings as the form holds them: the minimum with its two decimals (500 → '500.00'). */
const toValues = (s: PayoutSettings): SettingsFormValues => ({
  minimum_payout: s.minimum_payout.toFixed(2),
  atc_5: s.atc_5,
  atc_10: s.atc_10,
});

/**
 * Payout settings (decision 019): the minimum payout (a statement whose net is below it, or below
 * zero, is carried forward to the member's next one) and the ATC of each withholding rate (BIR's
 * codes for insurance agents by default: WI070 at 5 %, WI071 at 10 %), from the next close on; who
 * changed them last and when; and a warning while the agency's TIN, address and RDO are not
 * configured (BIR Form 2307 and the alphalist need them).
 */
export function PayoutSettingsCard({ id }: { id?: string }) {
  const settings = usePayoutSettings();
  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Payout Settings"
        description="The minimum payout and the ATC of each withholding rate apply from the next close on."
        icon={<Settings2 />}
      >
        {settings.isPending ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <span role="status" className="sr-only">
              Loading the payout settings…
            </span>
          </div>
        ) : settings.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Notice tone="error">The payout settings could not be loaded.</Notice>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()} loading={settings.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {!settings.data.agency_configured && (
              <Notice tone="warning" className="mb-4">
                Set the agency's TIN, address and RDO in Agency tax details (below) to issue BIR Form 2307 and the alphalist.
              </Notice>
            )}
            {/* A new key once saved: the form starts again from what the server holds. */}
            <SettingsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />
          </>
        )}
      </CardSection>
    </div>
  );
}

function SettingsForm({ settings }: { settings: PayoutSettings }) {
  const save = useSetPayoutSettings();
  const form = useForm<SettingsFormValues, unknown, SettingsInput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toValues(settings),
  });
  const { errors } = form.formState;
  const saving = save.isPending;
  const changed = settings.updated_at ? formatTimestampParts(settings.updated_at) : null;

  const submit = async (values: SettingsInput) => {
    if (save.isPending) return;
    try {
      const saved = await save.mutateAsync(values);
      toast.success(
        `Payout settings saved: minimum payout ${formatPeso(saved.minimum_payout)}, ${saved.atc_5} at 5%, ${saved.atc_10} at 10%.`,
      );
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const reason = fields.length === 0 ? serverReason(error) : undefined;
      toast.error(reason ? `Failed to save the payout settings: ${reason}` : 'Failed to save the payout settings.');
    }
  };

  return (
    <form noValidate aria-label="Payout settings" onSubmit={form.handleSubmit(submit)} aria-busy={saving || undefined}>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <Field label="Minimum payout (₱)" hint="A net below it is carried forward" error={errors.minimum_payout?.message}>
          <Input {...form.register('minimum_payout')} inputMode="decimal" autoComplete="off" disabled={saving} />
        </Field>
        <Field label="ATC at 5%" hint="Default WI070" error={errors.atc_5?.message}>
          <Input {...form.register('atc_5')} maxLength={10} autoComplete="off" className="uppercase" disabled={saving} />
        </Field>
        <Field label="ATC at 10%" hint="Default WI071" error={errors.atc_10?.message}>
          <Input {...form.register('atc_10')} maxLength={10} autoComplete="off" className="uppercase" disabled={saving} />
        </Field>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          {changed
            ? `Last changed ${changed.date} at ${changed.time}${settings.updated_by_name ? ` by ${settings.updated_by_name}` : ''}.`
            : 'The defaults apply: no one has changed them yet.'}
        </p>
        <Button type="submit" loading={saving} className="self-start sm:self-auto">
          Save Settings
        </Button>
      </div>
    </form>
  );
}
