import { useId, useRef, useState, type FormEvent } from 'react';
import type { DealRecord } from '@ahente/contract/deals';
import { editDealForm } from '@ahente/contract/deals';
import { EDITABLE_DEAL_STATUSES, type DealStatus } from '@ahente/contract/enums';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { useEditDealMutation } from '../../api/deals';
import { useCurrentUser } from '../../app/session';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import {
  DealFields,
  cleanTcv,
  dealToForm,
  detailsToIssues,
  focusFirstInvalid,
  issuesToErrors,
  useDealForm,
  type DealField,
} from './deal-form';

/** formData keys of editdeals → the form's fields. */
const EDIT_FIELDS: Record<string, DealField> = {
  customerName: 'customerName',
  transactionType: 'transactionType',
  product: 'product',
  tcv: 'tcv',
  sales_type: 'salesType',
  referror: 'referror',
  agent: 'agent',
  deal_status: 'dealStatus',
  sales_group: 'salesGroup',
  effectiveDate: 'effectiveDate',
};

/**
 * The statuses the edit form offers (spec §4): all but 'Did not Continue'; a deal that already
 * has it keeps it shown as its current value.
 */
export function editStatuses(current: DealStatus): readonly DealStatus[] {
  return (EDITABLE_DEAL_STATUSES as readonly DealStatus[]).includes(current) ? EDITABLE_DEAL_STATUSES : [...EDITABLE_DEAL_STATUSES, current];
}

interface EditDealModalProps {
  deal: DealRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'EDIT' on the Deals Table: the deal's values, saved with editdeals (spec §2, §5, §8). */
export function EditDealModal({ deal, open, onOpenChange }: EditDealModalProps) {
  const user = useCurrentUser();
  const editDeal = useEditDealMutation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);
  const { values, errors, setErrors, onChange } = useDealForm(() => dealToForm(deal));
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    setServerError(null);
    const parsed = editDealForm.safeParse({
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
      effectiveDate: values.effectiveDate,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues, EDIT_FIELDS, values));
      toast.error(MSG.dealUpdateFailed);
      focusFirstInvalid(formRef.current);
      return;
    }

    inFlight.current = true;
    try {
      await editDeal.mutateAsync({ id: user.user, formData: parsed.data });
      toast.success(MSG.dealUpdated);
      onOpenChange(false);
    } catch (error) {
      toast.error(MSG.dealUpdateFailed);
      if (isApiError(error) && error.status < 500) {
        setServerError(error.error);
        const issues = detailsToIssues(error.body);
        if (issues.length > 0) setErrors(issuesToErrors(issues, EDIT_FIELDS, values));
      }
    } finally {
      inFlight.current = false;
    }
  };

  const saving = editDeal.isPending;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      title="Edit Deal"
      initialFocus={firstField}
      description={`Deal #${deal.id} · ${deal.customer_name}`}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        <DealFields
          values={values}
          onChange={onChange}
          errors={errors}
          statuses={editStatuses(deal.deal_status)}
          disabled={saving}
          customerNameRef={firstField}
        />
        {serverError && (
          <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>
        )}
      </form>
    </Modal>
  );
}
