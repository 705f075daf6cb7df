import { CircleCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { DealRecord } from '@ahente/contract/deals';
import { MSG } from '@ahente/contract/messages';
import { saleForm } from '@ahente/contract/sales';
import { isApiError } from '../../api/client';
import { useAddSaleMutation } from '../../api/sales';
import { useCurrentUser } from '../../app/session';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import {
  DealFields,
  clearErrors,
  cleanTcv,
  dealToForm,
  detailsToIssues,
  focusFirstInvalid,
  issuesToErrors,
  useDealForm,
  type DealField,
} from './deal-form';

/** What a sale adds to the deal (spec §3 Deal or sale form). */
interface SaleExtra {
  policy: string;
  insurer: string;
  planName: string;
  effectiveDate: string;
}
type SaleField = keyof SaleExtra;

/** formData keys of addsales → the form's fields. */
const SALE_FIELDS: Record<string, DealField | SaleField> = {
  customerName: 'customerName',
  transactionType: 'transactionType',
  product: 'product',
  tcv: 'tcv',
  sales_type: 'salesType',
  referror: 'referror',
  agent: 'agent',
  deal_status: 'dealStatus',
  sales_group: 'salesGroup',
  policy: 'policy',
  insurer: 'insurer',
  planName: 'planName',
  effectiveDate: 'effectiveDate',
};

interface AddSaleModalProps {
  deal: DealRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Make as Sales' on the Deals Table (spec §2, §4 Deal to sale): the deal's values plus policy
 * number, insurer, plan name and the sale's effective date, saved with addsales. A deal is sold
 * once: a 409 says so and the form stays closed to a second try.
 */
export function AddSaleModal({ deal, open, onOpenChange }: AddSaleModalProps) {
  const user = useCurrentUser();
  const addSale = useAddSaleMutation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);
  const { values, errors, setErrors, onChange } = useDealForm<SaleField>(() => dealToForm(deal));
  const [extra, setExtra] = useState<SaleExtra>(() => ({
    policy: '',
    insurer: '',
    planName: '',
    effectiveDate: deal.effective_date.slice(0, 10),
  }));
  const [serverError, setServerError] = useState<string | null>(null);
  const [alreadySold, setAlreadySold] = useState(deal.sold);

  const changeExtra = (patch: Partial<SaleExtra>) => {
    setExtra((current) => ({ ...current, ...patch }));
    setErrors((current) => clearErrors(current, Object.keys(patch)));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || alreadySold) return;
    setServerError(null);
    const parsed = saleForm.safeParse({
      dealid: deal.id,
      customerName: values.customerName,
      transactionType: values.transactionType,
      product: values.product,
      tcv: cleanTcv(values.tcv),
      sales_type: values.salesType,
      referror: values.referror,
      agent: values.agent,
      deal_status: values.dealStatus,
      sales_group: values.salesGroup,
      policy: extra.policy,
      insurer: extra.insurer,
      planName: extra.planName,
      effectiveDate: extra.effectiveDate,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues, SALE_FIELDS, values));
      toast.error(MSG.saleSaveFailed);
      focusFirstInvalid(formRef.current);
      return;
    }

    inFlight.current = true;
    try {
      await addSale.mutateAsync({ id: user.user, formData: parsed.data });
      toast.success(MSG.saleAdded);
      onOpenChange(false);
    } catch (error) {
      toast.error(MSG.saleSaveFailed);
      if (isApiError(error, 409)) {
        setAlreadySold(true);
      } else if (isApiError(error) && error.status < 500) {
        setServerError(error.error);
        const issues = detailsToIssues(error.body);
        if (issues.length > 0) setErrors(issuesToErrors(issues, SALE_FIELDS, values));
      }
    } finally {
      inFlight.current = false;
    }
  };

  const saving = addSale.isPending;
  const locked = saving || alreadySold;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      title="Add Sales"
      initialFocus={firstField}
      description={`From deal #${deal.id} · ${deal.customer_name}`}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            {alreadySold ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={alreadySold}>
            Save Sale
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        {alreadySold && (
          <p
            role="status"
            className="mb-5 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {MSG.dealAlreadySold}
          </p>
        )}

        <fieldset disabled={locked} className="min-w-0">
          <legend className="text-sm font-semibold text-slate-900">Policy</legend>
          <p className="mb-3 text-xs text-slate-500">Policy number, insurer and plan name are optional.</p>
          <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
            <Field label="Policy Number" error={errors.policy}>
              <Input
                value={extra.policy}
                onChange={(e) => changeExtra({ policy: e.target.value })}
                autoComplete="off"
                maxLength={200}
                ref={firstField}
              />
            </Field>
            <Field label="Insurer" error={errors.insurer}>
              <Input
                value={extra.insurer}
                onChange={(e) => changeExtra({ insurer: e.target.value })}
                autoComplete="off"
                maxLength={200}
              />
            </Field>
            <Field label="Plan Name" error={errors.planName}>
              <Input
                value={extra.planName}
                onChange={(e) => changeExtra({ planName: e.target.value })}
                autoComplete="off"
                maxLength={200}
              />
            </Field>
            <Field label="Effective Date" error={errors.effectiveDate}>
              <Input
                type="date"
                value={extra.effectiveDate}
                onChange={(e) => changeExtra({ effectiveDate: e.target.value })}
                min="1900-01-01"
                max="2999-12-31"
                required
              />
            </Field>
          </div>
        </fieldset>

        <fieldset disabled={locked} className="mt-6 min-w-0 border-t border-slate-100 pt-5">
          <legend className="sr-only">Deal</legend>
          <p aria-hidden="true" className="mb-3 text-sm font-semibold text-slate-900">
            Deal
          </p>
          <DealFields
            values={values}
            onChange={onChange}
            errors={errors}
            statuses="readonly"
            withEffectiveDate={false}
          />
        </fieldset>

        {serverError && (
          <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>
        )}
      </form>
    </Modal>
  );
}
