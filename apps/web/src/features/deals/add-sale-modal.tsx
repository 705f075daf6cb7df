import { CircleCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import type { DealRecord } from '@ahente/contract/deals';
import { MSG } from '@ahente/contract/messages';
import { saleForm } from '@ahente/contract/sales';
import { isApiError } from '../../api/client';
import { useAddSaleMutation } from '../../api/sales';
import { useCurrentUser } from '../../app/session';
import {
  DealFields,
  EffectiveDateField,
  TextField,
  clearErrors,
  dealToForm,
  useDealForm,
  type DealField,
} from './deal-form';
import { DEAL_FORM_DATA_FIELDS, DealFormModal, dealFormData, useDealModalSubmit } from './deal-modal';

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
  ...DEAL_FORM_DATA_FIELDS,
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
  const firstField = useRef<HTMLInputElement>(null);
  const { values, errors, setErrors, onChange } = useDealForm<SaleField>(() => dealToForm(deal));
  const [extra, setExtra] = useState<SaleExtra>(() => ({
    policy: '',
    insurer: '',
    planName: '',
    effectiveDate: deal.effective_date.slice(0, 10),
  }));
  const [alreadySold, setAlreadySold] = useState(deal.sold);
  const { formRef, serverError, submit } = useDealModalSubmit({
    schema: saleForm,
    fields: SALE_FIELDS,
    values,
    setErrors,
    save: (formData) => addSale.mutateAsync({ id: user.user, formData }),
    savedMessage: MSG.saleAdded,
    failedMessage: MSG.saleSaveFailed,
    onSaved: () => onOpenChange(false),
    blocked: alreadySold,
    onSaveError: (error) => {
      if (!isApiError(error, 409)) return false;
      setAlreadySold(true);
      return true;
    },
  });

  const changeExtra = (patch: Partial<SaleExtra>) => {
    setExtra((current) => ({ ...current, ...patch }));
    setErrors((current) => clearErrors(current, Object.keys(patch)));
  };

  const saving = addSale.isPending;
  const locked = saving || alreadySold;

  return (
    <DealFormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Sales"
      description={`From deal #${deal.id} · ${deal.customer_name}`}
      initialFocus={firstField}
      formRef={formRef}
      onSubmit={(event) => void submit(event, { dealid: deal.id, ...dealFormData(values), ...extra })}
      saving={saving}
      serverError={serverError}
      submitLabel="Save Sale"
      submitDisabled={alreadySold}
      cancelLabel={alreadySold ? 'Close' : 'Cancel'}
    >
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
          <TextField
            label="Policy Number"
            error={errors.policy}
            value={extra.policy}
            onChange={(policy) => changeExtra({ policy })}
            maxLength={200}
            ref={firstField}
          />
          <TextField
            label="Insurer"
            error={errors.insurer}
            value={extra.insurer}
            onChange={(insurer) => changeExtra({ insurer })}
            maxLength={200}
          />
          <TextField
            label="Plan Name"
            error={errors.planName}
            value={extra.planName}
            onChange={(planName) => changeExtra({ planName })}
            maxLength={200}
          />
          <EffectiveDateField
            error={errors.effectiveDate}
            value={extra.effectiveDate}
            onChange={(effectiveDate) => changeExtra({ effectiveDate })}
          />
        </div>
      </fieldset>

      <fieldset disabled={locked} className="mt-6 min-w-0 border-t border-slate-100 pt-5">
        <legend className="sr-only">Deal</legend>
        <p aria-hidden="true" className="mb-3 text-sm font-semibold text-slate-900">
          Deal
        </p>
        <DealFields values={values} onChange={onChange} errors={errors} statuses="readonly" withEffectiveDate={false} />
      </fieldset>
    </DealFormModal>
  );
}
