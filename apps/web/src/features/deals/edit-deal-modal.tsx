import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { DealRecord } from '@ahente/contract/deals';
import { EDITABLE_DEAL_STATUSES, type DealStatus } from '@ahente/contract/enums';
import { isApiError } from '../../api/client';
import { useEditDealMutation } from './deal-outbox';
import { useCurrentUser } from '../../api/session';
import { toast } from '../../ui/toast';
import { DealFields, useServerError } from './deal-form';
import { dealToForm, editDealSchema, toEditDealForm, type DealFormValues, type EditDealValues } from './deal-form-schema';
import { DealFormModal } from './deal-modal';
import { useLanguage } from '../../i18n';

/**
 * The statuses the edit form offers: all but 'Did not Continue'; a deal that already has it keeps
 * it shown as its current value.
 */
export function editStatuses(current: DealStatus): readonly DealStatus[] {
  return (EDITABLE_DEAL_STATUSES as readonly DealStatus[]).includes(current)
    ? EDITABLE_DEAL_STATUSES
    : [...EDITABLE_DEAL_STATUSES, current];
}

interface EditDealModalProps {
  deal: DealRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'EDIT' on the Deals Table: the deal's values, saved with editdeals. */
export function EditDealModal({ deal, open, onOpenChange }: EditDealModalProps) {
  const user = useCurrentUser();
  const editDeal = useEditDealMutation();
  const firstField = useRef<HTMLInputElement>(null);
  const form = useForm<DealFormValues, unknown, EditDealValues>({
    resolver: zodResolver(editDealSchema),
    defaultValues: dealToForm(deal),
  });
  const serverError = useServerError(form.setError);
  const { t } = useLanguage();

  const save = async (values: EditDealValues) => {
    serverError.clear();
    try {
      const { queued } = await editDeal.mutateAsync({ id: user.memberId, formData: toEditDealForm(deal.id, values) });
      if (queued) toast.info(t('dealSync.queued'));
      else toast.success(t('dealDialogs.updated'));
      onOpenChange(false);
    } catch (error) {
      toast.error(t('dealDialogs.updateFailed'));
      if (isApiError(error) && error.status < 500) serverError.show(error);
    }
  };

  const refuse = () => {
    serverError.clear();
    toast.error(t('dealDialogs.updateFailed'));
  };

  return (
    <DealFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={t('dealDialogs.editTitle')}
      description={
        deal.id > 0
          ? t('dealDialogs.editDescription', { id: deal.id, customer: deal.customer_name })
          : t('dealDialogs.editWaiting', { customer: deal.customer_name })
      }
      initialFocus={firstField}
      onSubmit={form.handleSubmit(save, refuse)}
      saving={editDeal.isPending || form.formState.isSubmitting}
      serverError={serverError.message}
      submitLabel={t('dealDialogs.saveChanges')}
    >
      <DealFields form={form} statuses={editStatuses(deal.deal_status)} disabled={editDeal.isPending} customerNameRef={firstField} />
    </DealFormModal>
  );
}
