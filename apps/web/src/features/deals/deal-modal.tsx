import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { isApiError } from '../../api/client';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import {
  cleanTcv,
  detailsToIssues,
  focusFirstInvalid,
  issuesToErrors,
  type DealField,
  type DealFormValues,
  type FormErrors,
  type Issue,
} from './deal-form';

/** The deal's fields as editdeals and addsales take them in formData (snake_case, the TCV cleaned). */
export function dealFormData(values: DealFormValues) {
  return {
    customerName: values.customerName,
    transactionType: values.transactionType,
    product: values.product,
    tcv: cleanTcv(values.tcv),
    sales_type: values.salesType,
    referror: values.referror,
    agent: values.agent,
    deal_status: values.dealStatus,
    sales_group: values.salesGroup,
  };
}

/** The formData keys of dealFormData → the form's fields. */
export const DEAL_FORM_DATA_FIELDS: Record<string, DealField> = {
  customerName: 'customerName',
  transactionType: 'transactionType',
  product: 'product',
  tcv: 'tcv',
  sales_type: 'salesType',
  referror: 'referror',
  agent: 'agent',
  deal_status: 'dealStatus',
  sales_group: 'salesGroup',
};

/** A contract schema's check, as zod's safeParse answers it. */
type SafeParse<P> = (input: unknown) => { success: true; data: P } | { success: false; error: { issues: readonly Issue[] } };

interface DealModalSubmitOptions<P, K extends string> {
  /** The contract schema the formData must pass before it is sent. */
  schema: { safeParse: SafeParse<P> };
  /** formData keys → the form's fields, to mark what the check or the server refused. */
  fields: Record<string, K>;
  values: DealFormValues;
  setErrors: (errors: FormErrors<K | 'category'>) => void;
  save: (formData: P) => Promise<unknown>;
  /** The toast once saved. */
  savedMessage: string;
  /** The toast when the check or the save fails. */
  failedMessage: string;
  /** Called once saved (the modal closes). */
  onSaved: () => void;
  /** No submit is taken while true (e.g. the deal is already sold). */
  blocked?: boolean;
  /** Answers a failed save itself when it returns true; otherwise a 4xx shows the server's reason and marks its fields. */
  onSaveError?: (error: unknown) => boolean;
}

/**
 * The submit of the Edit Deal and Add Sales modals: checks the formData against the contract
 * (marking the fields, a toast, focus on the first), then saves it once at a time and says how it
 * went. `submit(event, formData)` is the form's onSubmit.
 */
export function useDealModalSubmit<P, K extends string>({
  schema,
  fields,
  values,
  setErrors,
  save,
  savedMessage,
  failedMessage,
  onSaved,
  blocked = false,
  onSaveError,
}: DealModalSubmitOptions<P, K>) {
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: FormEvent, formData: unknown) => {
    event.preventDefault();
    if (inFlight.current || blocked) return;
    setServerError(null);
    const parsed = schema.safeParse(formData);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues, fields, values));
      toast.error(failedMessage);
      focusFirstInvalid(formRef.current);
      return;
    }

    inFlight.current = true;
    try {
      await save(parsed.data);
      toast.success(savedMessage);
      onSaved();
    } catch (error) {
      toast.error(failedMessage);
      if (onSaveError?.(error)) return;
      if (isApiError(error) && error.status < 500) {
        setServerError(error.error);
        const issues = detailsToIssues(error.body);
        if (issues.length > 0) setErrors(issuesToErrors(issues, fields, values));
      }
    } finally {
      inFlight.current = false;
    }
  };

  return { formRef, serverError, submit };
}

interface DealFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The field focused on opening. */
  initialFocus: RefObject<HTMLElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  /** Saving: the modal stays open and Cancel waits. */
  saving: boolean;
  serverError: string | null;
  submitLabel: string;
  submitDisabled?: boolean;
  cancelLabel?: string;
  children: ReactNode;
}

/** A large modal holding a deal form, with Cancel and a submit button, and the server's reason under the form. */
export function DealFormModal({
  open,
  onOpenChange,
  title,
  description,
  initialFocus,
  formRef,
  onSubmit,
  saving,
  serverError,
  submitLabel,
  submitDisabled,
  cancelLabel = 'Cancel',
  children,
}: DealFormModalProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      title={title}
      initialFocus={initialFocus}
      description={description}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        {children}
        {serverError && (
          <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>
        )}
      </form>
    </Modal>
  );
}
