import type { UseFormRegisterReturn } from 'react-hook-form';

/** Digits only, at most 11. */
export function cleanContact(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11);
}

/**
 * A registered contact number input that keeps what `cleanContact` keeps, as it is typed or
 * pasted ('0917-555 12345' becomes '09175551234'). Give the input no maxLength: it would cut a
 * pasted number with spaces or dashes before its digits are kept.
 */
export function cleaningContact<N extends string>(field: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (event: { target: HTMLInputElement }) => {
      const cleaned = cleanContact(event.target.value);
      if (cleaned !== event.target.value) event.target.value = cleaned;
      return field.onChange(event);
    },
  };
}
