import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS } from '@ahente/contract/common';
import { todayInManila } from '@ahente/contract/dates';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { cancelSaleRequest, type CancelSaleResponse, type SaleRecord } from '@ahente/contract/sales';
import { serverFieldErrors, serverReason } from '../../api/client';
import { useCancelSale } from './api';
import { formSchemaFor } from '../../lib/form-schema';
import { setRefs } from '../../lib/set-refs';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';

/** What the inputs hold: text, '' for nothing. */
interface CancelValues {
  cancelled_on: string;
  reason: string;
  refund: string;
}
const FIELDS = ['cancelled_on', 'reason', 'refund'] as const;

/**
 * cancelsale's rules (the contract's fields), and what the form adds: an empty date reads "is
 * required", the day is not after today (Manila), the refund is read as typed ("₱1,234.50") and is
 * at most the sale's TCV.
 */
function cancelSchema(tcv: number, today: string) {
  const { cancelled_on, reason, refund } = cancelSaleRequest.shape;
  return formSchemaFor<CancelValues>()(
    z.object({
      cancelled_on: z
        .preprocess((value: string) => (value === '' ? undefined : value), cancelled_on)
        .refine((day) => day <= today, 'Cancelled on must not be in the future'),
      reason,
      refund: z
        .preprocess((text: string) => text.replace(/[\s,₱]/g, ''), refund)
        .refine((pesos) => pesos === null || pesos <= tcv, `Refund must be at most the TCV (${formatPeso(tcv)})`),
    }),
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}`;

export type CancellableSale = Pick<SaleRecord, 'id' | 'customer_name' | 'product' | 'tcv'>;

interface CancelSaleModalProps {
  sale: CancellableSale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server agreed (the toast is said here). */
  onCancelled?: (result: CancelSaleResponse) => void;
  /** Where focus goes on closing when the opener is gone (see Modal). */
  finalFocus?: RefObject<HTMLElement | null>;
  /**
   * What the form opens with instead of today, no reason and the whole TCV: a chargeback on an
   * insurer's statement (issue 45 §3) offers the cancellation with its day, why and the refund.
   */
  initial?: { cancelled_on?: string; reason?: string; refund?: number | null };
  /** A line above the form saying where the prefilled values come from. */
  note?: string;
}

/**
 * 'Cancel sale #n' (decision 019, admins): the day the policy was cancelled (today by default,
 * never later), why, and the refund to the client (empty: the whole TCV). The commission paid on
 * the sale is reversed in proportion to the refund. A refusal (409 once cancelled, 400 a rule) is
 * said in the dialog, and a field the server names is marked.
 */
export function CancelSaleModal({ sale, open, onOpenChange, onCancelled, finalFocus, initial, note }: CancelSaleModalProps) {
  const cancel = useCancelSale();
  const formId = useId();
  const reasonRef = useRef<HTMLInputElement>(null);
  const today = useMemo(() => todayInManila(), []);
  const schema = useMemo(() => cancelSchema(sale.tcv, today), [sale.tcv, today]);
  const form = useForm<CancelValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      cancelled_on: initial?.cancelled_on && initial.cancelled_on <= today ? initial.cancelled_on : today,
      reason: initial?.reason ?? '',
      refund: initial?.refund === undefined || initial.refund === null ? '' : initial.refund.toFixed(2),
    },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<{ text: string; seq: number } | null>(null);
  const busy = cancel.isPending;

  const submit = async (values: z.output<typeof schema>) => {
    if (busy) return;
    setFailure(null);
    try {
      const result = await cancel.mutateAsync({
        sale_id: sale.id,
        cancelled_on: values.cancelled_on,
        reason: values.reason,
        refund: values.refund,
      });
      toast.success(`Sale cancelled: ${plural(result.reversals, 'commission entry', 'commission entries')} reversed`);
      onCancelled?.(result);
      onOpenChange(false);
    } catch (error) {
      const marked = serverFieldErrors(error, FIELDS);
      for (const [name, message] of marked) form.setError(name, { type: 'server', message }, { shouldFocus: true });
      setFailure((current) => ({
        text: serverReason(error) ?? 'The sale could not be cancelled. Please try again.',
        seq: (current?.seq ?? 0) + 1,
      }));
    }
  };

  const reasonField = form.register('reason');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      title={`Cancel sale #${sale.id}`}
      description={`${sale.customer_name} · ${productLabel(sale.product)} · ${formatPeso(sale.tcv)} TCV`}
      initialFocus={reasonRef}
      finalFocus={finalFocus}
      footer={
        <>
          {failure && (
            <Notice key={failure.seq} tone="error" className="mr-auto w-full sm:w-auto sm:max-w-xs sm:flex-1">
              {failure.text}
            </Notice>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Close
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy}>
            Confirm
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
        className="flex flex-col gap-4"
      >
        {note && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset">{note}</p>}
        <Field label="Cancelled on" error={errors.cancelled_on?.message} hint="The day the insurer cancelled the policy.">
          <Input type="date" max={today} disabled={busy} {...form.register('cancelled_on')} />
        </Field>
        <Field label="Reason" error={errors.reason?.message} hint="For example: free-look cancellation, or the premium was not paid.">
          <Input
            {...reasonField}
            ref={(element: HTMLInputElement | null) => setRefs<HTMLInputElement>(element, reasonField.ref, reasonRef)}
            maxLength={LIMITS.line}
            autoComplete="off"
            disabled={busy}
          />
        </Field>
        <Field label="Refund" error={errors.refund?.message} hint="Pesos returned to the client. Leave it empty for the whole TCV.">
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={`Whole TCV (${formatPeso(sale.tcv)})`}
            disabled={busy}
            {...form.register('refund')}
          />
        </Field>
        <p className="text-sm text-slate-600">Commission paid on this sale is reversed in proportion to the refund.</p>
      </form>
    </Modal>
  );
}
