import { useId, type FormEventHandler, type ReactNode, type RefObject } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useLanguage } from '../../i18n';

interface DealFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The field focused on opening. */
  initialFocus: RefObject<HTMLElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
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
  onSubmit,
  saving,
  serverError,
  submitLabel,
  submitDisabled,
  cancelLabel,
  children,
}: DealFormModalProps) {
  const formId = useId();
  const { t } = useLanguage();
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
            {cancelLabel ?? t('dealDialogs.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
        {children}
        {serverError && <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>}
      </form>
    </Modal>
  );
}
