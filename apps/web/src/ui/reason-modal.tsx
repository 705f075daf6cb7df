import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formSchemaFor } from '../lib/form-schema';
import { setRefs } from '../lib/set-refs';
import { Button, type ButtonVariant } from './button';
import { Field } from './field';
import { Input, Textarea } from './input';
import { Modal } from './modal';

interface ReasonValues {
  reason: string;
}

interface ReasonModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  hint: string;
  /** The reason's rule, from the contract: required, at most `maxLength` characters, and its messages. */
  schema: z.ZodType<{ reason: string }>;
  /** A text area of three lines instead of a one-line input. */
  multiline?: boolean;
  /** The field's label (default 'Reason'). */
  label?: string;
  /** The most characters the field takes (default 200, the contract's reasons). */
  maxLength?: number;
  /** The confirming button's look (default red: most reasons go with a refusal). */
  confirmVariant?: ButtonVariant;
  busy: boolean;
  /** Called with the trimmed reason; the caller closes the dialog once the server agreed. */
  onConfirm: (reason: string) => void;
}

/**
 * A decision that needs its reason (reject sales or a licence, forfeit a held commission; close a
 * ticket with its closing message): the reason, then the action, in red unless told otherwise.
 * The dialog stays open while the decision is sent.
 */
export function ReasonModal({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  hint,
  schema,
  multiline = false,
  label = 'Reason',
  maxLength = 200,
  confirmVariant = 'danger',
  busy,
  onConfirm,
}: ReasonModalProps) {
  const formId = useId();
  const inputRef = useRef<HTMLElement>(null);
  const form = useForm<ReasonValues, unknown, { reason: string }>({
    resolver: zodResolver(formSchemaFor<ReasonValues>()(schema)),
    defaultValues: { reason: '' },
  });
  const field = form.register('reason');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      title={title}
      description={description}
      initialFocus={inputRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={confirmVariant} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(event) => void form.handleSubmit(({ reason }) => !busy && onConfirm(reason))(event)}
      >
        <Field label={label} hint={hint} error={form.formState.errors.reason?.message}>
          {multiline ? (
            <Textarea
              {...field}
              ref={(element: HTMLTextAreaElement | null) => setRefs<HTMLElement>(element, field.ref, inputRef)}
              maxLength={maxLength}
              rows={3}
              disabled={busy}
            />
          ) : (
            <Input
              {...field}
              ref={(element: HTMLInputElement | null) => setRefs<HTMLElement>(element, field.ref, inputRef)}
              maxLength={maxLength}
              autoComplete="off"
              disabled={busy}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
