import { Save } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { newDealRequest } from '@ahente/contract/deals';
import { DEAL_STATUSES } from '@ahente/contract/enums';
import { MSG } from '@ahente/contract/messages';
import { useAddDealMutation } from '../../api/deals';
import { isApiError } from '../../api/client';
import { useCurrentUser } from '../../app/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import {
  DealFields,
  EMPTY_DEAL,
  cleanTcv,
  detailsToIssues,
  focusFirstInvalid,
  isMissing,
  issuesToErrors,
  useDealForm,
  type DealField,
} from './deal-form';
import { DealsNav } from './deals-nav';

/** Payload keys of adddeals → the form's fields. */
const NEW_DEAL_FIELDS: Record<string, DealField> = {
  customerName: 'customerName',
  transactionType: 'transactionType',
  product: 'product',
  tcvValue: 'tcv',
  effectiveDate: 'effectiveDate',
  dealStatus: 'dealStatus',
  salesType: 'salesType',
  referror: 'referror',
  agent: 'agent',
  salesGroup: 'salesGroup',
};

/** /deals/dealsinput (spec §2 Deals input, §5 New deal, §8): the new-deal form with Save Deal. */
export function DealsInputPage() {
  const user = useCurrentUser();
  const addDeal = useAddDealMutation();
  const { values, setValues, errors, setErrors, onChange } = useDealForm(EMPTY_DEAL);
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const customerNameRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    setServerError(null);

    const parsed = newDealRequest.safeParse({
      id: user.user,
      customerName: values.customerName,
      transactionType: values.transactionType,
      product: values.product,
      tcvValue: cleanTcv(values.tcv),
      effectiveDate: values.effectiveDate,
      dealStatus: values.dealStatus,
      salesType: values.salesType,
      referror: values.referror,
      agent: values.agent,
      salesGroup: values.salesGroup,
    });
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error.issues, NEW_DEAL_FIELDS, values);
      setErrors(found);
      // Spec §5: a missing required field is 'Failed to Save Missing Fields'; a wrong value
      // (a TCV that is not a number) is explained under its field.
      toast.error(Object.values(found).some(isMissing) ? MSG.dealMissingFields : MSG.dealSaveFailed);
      focusFirstInvalid(formRef.current);
      return;
    }

    inFlight.current = true;
    try {
      await addDeal.mutateAsync(parsed.data);
      toast.success(MSG.dealSaved);
      setValues(EMPTY_DEAL);
      setErrors({});
      // Ready for the next deal (the fields were disabled while saving, so focus was lost).
      window.requestAnimationFrame(() => customerNameRef.current?.focus());
    } catch (error) {
      toast.error(MSG.dealSaveFailed);
      if (isApiError(error, 400)) {
        setServerError(error.error);
        const issues = detailsToIssues(error.body);
        if (issues.length > 0) setErrors(issuesToErrors(issues, NEW_DEAL_FIELDS, values));
      }
      window.requestAnimationFrame(() => saveRef.current?.focus());
    } finally {
      inFlight.current = false;
    }
  };

  const saving = addDeal.isPending;

  return (
    <>
      <DealsNav />
      <PageHeader title="Deals" description="Record a prospective sale. You can make it into a sale once it closes." />

      <Card className="max-w-4xl">
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="New deal" aria-busy={saving || undefined}>
          <div className="px-5 py-5 sm:px-6 sm:py-6">
            <DealFields
              values={values}
              onChange={onChange}
              errors={errors}
              statuses={DEAL_STATUSES}
              disabled={saving}
              customerNameRef={customerNameRef}
            />
            {serverError && (
              <p className="mt-5 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>
            )}
          </div>
          <div className="flex flex-col gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p className="text-xs text-slate-500">
              Customer name, transaction type, product, TCV and effective date are required; Referror and Agent Name
              too when the sales type is Agent.
            </p>
            <Button ref={saveRef} type="submit" loading={saving} className="w-full shrink-0 sm:w-auto">
              {!saving && <Save aria-hidden="true" />}
              Save Deal
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
