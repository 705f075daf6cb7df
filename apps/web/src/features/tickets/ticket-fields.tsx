import type { RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LIMITS } from '@ahente/contract/common';
import './i18n';
import { useLanguage } from '../../i18n';
import { setRefs } from '../../lib/set-refs';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { Select } from '../../ui/select';
import { TICKET_TYPE_OPTIONS, type TicketFormValues } from './ticket-form-schema';

interface TicketFieldsProps<T> {
  form: UseFormReturn<TicketFormValues, unknown, T>;
  disabled?: boolean;
  /** Also gets the Title input (a dialog focuses it on opening). */
  titleRef?: RefObject<HTMLInputElement | null>;
}

/** Title, Type and Description of a ticket, each with the contract's message under it. */
export function TicketFields<T>({ form, disabled, titleRef }: TicketFieldsProps<T>) {
  const { t } = useLanguage();
  const { register, formState } = form;
  const title = register('title');
  return (
    <div className="flex flex-col gap-4">
      <Field label={t('helpCenter.fields.title')} error={formState.errors.title?.message}>
        <Input
          {...title}
          ref={(element: HTMLInputElement | null) => setRefs(element, title.ref, titleRef)}
          maxLength={LIMITS.line}
          autoComplete="off"
          placeholder={t('helpCenter.fields.titlePlaceholder')}
          required
          disabled={disabled}
        />
      </Field>
      <Field label={t('helpCenter.fields.type')} error={formState.errors.type?.message}>
        <Select
          {...register('type')}
          placeholder={t('helpCenter.fields.typePlaceholder')}
          options={TICKET_TYPE_OPTIONS}
          required
          disabled={disabled}
        />
      </Field>
      <Field label={t('helpCenter.fields.description')} error={formState.errors.description?.message}>
        <Textarea
          {...register('description')}
          maxLength={LIMITS.description}
          rows={4}
          placeholder={t('helpCenter.fields.descriptionPlaceholder')}
          required
          disabled={disabled}
        />
      </Field>
    </div>
  );
}
