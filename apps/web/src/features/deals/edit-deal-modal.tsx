import { useRef } from 'react';
import type { DealRecord } from '@ahente/contract/deals';
import { editDealForm } from '@ahente/contract/deals';
import { EDITABLE_DEAL_STATUSES, type DealStatus } from '@ahente/contract/enums';
import { MSG } from '@ahente/contract/messages';
import { useEditDealMutation } from '../../api/deals';
import { useCurrentUser } from '../../app/session';
import { DealFields, dealToForm, useDealForm, type DealField } from './deal-form';
import { DEAL_FORM_DATA_FIELDS, DealFormModal, dealFormData, useDealModalSubmit } from './deal-modal';

/** formData keys of editdeals → the form's fields. */
const EDIT_FIELDS: Record<string, DealField> = {
  ...DEAL_FORM_DATA_FIELDS,
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
  const firstField = useRef<HTMLInputElement>(null);
  const { values, errors, setErrors, onChange } = useDealForm(() => dealToForm(deal));
  const { formRef, serverError, submit } = useDealModalSubmit({
    schema: editDealForm,
    fields: EDIT_FIELDS,
    values,
    setErrors,
    save: (formData) => editDeal.mutateAsync({ id: user.user, formData }),
    savedMessage: MSG.dealUpdated,
    failedMessage: MSG.dealUpdateFailed,
    onSaved: () => onOpenChange(false),
  });
  const saving = editDeal.isPending;

  return (
    <DealFormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Deal"
      description={`Deal #${deal.id} · ${deal.customer_name}`}
      initialFocus={firstField}
      formRef={formRef}
      onSubmit={(event) => void submit(event, { dealid: deal.id, ...dealFormData(values), effectiveDate: values.effectiveDate })}
      saving={saving}
      serverError={serverError}
      submitLabel="Save Changes"
    >
      <DealFields
        values={values}
        onChange={onChange}
        errors={errors}
        statuses={editStatuses(deal.deal_status)}
        disabled={saving}
        customerNameRef={firstField}
      />
    </DealFormModal>
  );
}
