import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { cleanContact, cleaningContact } from './contact-input';

describe('cleanContact', () => {
  it('keeps digits only, at most 11', () => {
    expect(cleanContact('0917-555 12345')).toBe('09175551234');
    expect(cleanContact('+63 917 555 1234 ext 9')).toBe('63917555123');
    expect(cleanContact('abc')).toBe('');
  });
});

describe('cleaningContact', () => {
  const register = () => {
    const onChange = vi.fn(async (_event: unknown) => true);
    const field = {
      name: 'contact_no',
      onChange,
      onBlur: vi.fn(async () => true),
      ref: vi.fn(),
    } as unknown as UseFormRegisterReturn<'contact_no'>;
    return { field, onChange };
  };
  const typed = (value: string) => ({ target: { value } as HTMLInputElement });

  it('writes what cleanContact keeps into the input before the form hears of the change', async () => {
    const { field, onChange } = register();
    const event = typed('0917-555 12345');
    await cleaningContact(field).onChange(event);
    expect(event.target.value).toBe('09175551234');
    expect(onChange).toHaveBeenCalledWith(event);
    expect((onChange.mock.calls[0]?.[0] as ReturnType<typeof typed>).target.value).toBe('09175551234');
  });

  it('leaves a clean value as typed, and the rest of the registration as it was', async () => {
    const { field, onChange } = register();
    const wrapped = cleaningContact(field);
    const event = typed('0917');
    await wrapped.onChange(event);
    expect(event.target.value).toBe('0917');
    expect(onChange).toHaveBeenCalledOnce();
    expect(wrapped.name).toBe('contact_no');
    expect(wrapped.onBlur).toBe(field.onBlur);
    expect(wrapped.ref).toBe(field.ref);
  });
});
