import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, perLocale, setCurrentLocale } from './locale';

afterEach(() => setCurrentLocale('en-PH'));

describe('locale', () => {
  it('is en-PH until the language changes, then the one set', () => {
    expect(currentLocale()).toBe('en-PH');
    setCurrentLocale('fil-PH');
    expect(currentLocale()).toBe('fil-PH');
  });

  it("perLocale answers the current locale's formatter, made once per locale", () => {
    const make = vi.fn((locale: string) => ({ locale }));
    const formatter = perLocale(make);
    expect(make).not.toHaveBeenCalled();

    const english = formatter();
    expect(english).toEqual({ locale: 'en-PH' });
    expect(formatter()).toBe(english);

    setCurrentLocale('fil-PH');
    expect(formatter()).toEqual({ locale: 'fil-PH' });
    setCurrentLocale('en-PH');
    expect(formatter()).toBe(english);
    expect(make).toHaveBeenCalledTimes(2);
  });
});
