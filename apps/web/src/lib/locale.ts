/**
 * The locale dates and numbers are written in: 'en-PH' in English, 'fil-PH' in Filipino (decision
 * 030). The i18n module sets it when the language changes; formatters read it when they format.
 */
export type AppLocale = 'en-PH' | 'fil-PH';

let locale: AppLocale = 'en-PH';

export function currentLocale(): AppLocale {
  return locale;
}

export function setCurrentLocale(next: AppLocale): void {
  locale = next;
}

/** An Intl formatter per locale, made once each: `formatter()` answers the current locale's. */
export function perLocale<F>(make: (locale: AppLocale) => F): () => F {
  const made = new Map<AppLocale, F>();
  return () => {
    let f = made.get(locale);
    if (!f) {
      f = make(locale);
      made.set(locale, f);
    }
    return f;
  };
}
