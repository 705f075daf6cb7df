import i18n, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { setLabelTranslator, type LabelKind } from '@ahente/contract/labels';
import { setPesoLocale } from '@ahente/contract/money';
import type { Language } from '@ahente/contract/auth';
import { setCurrentLocale } from '../lib/locale';
import { en } from './en';

/**
 * The interface's languages (decision 030): English, bundled (the default and the fallback of every
 * missing word), and Filipino, a chunk of its own fetched only when chosen, so it costs nothing on
 * the first load. Initialised synchronously: English never waits or flashes. A device that chose
 * Filipino fetches its catalogue at start, and the screens wait for it (Suspense) rather than flash
 * English.
 *
 * The choice is remembered on the device (localStorage) and, once signed in, for the member (POST
 * /api/setlanguage; the session answers it): see `applyMemberLanguage` and `pickLanguageBeforeSignIn`.
 */
export const LANGUAGE_STORAGE_KEY = 'ahente.language';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

function deviceLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'fil' ? 'fil' : 'en';
  } catch {
    return 'en';
  }
}

function rememberOnDevice(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/** The words of each catalogue value in Filipino, once the Filipino catalogue is loaded. */
let filipinoLabels: Partial<Record<LabelKind, Record<string, string>>> = {};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'fil') {
      callback(null, {});
      return;
    }
    import('./fil').then(
      (m) => {
        filipinoLabels = m.filLabels;
        callback(null, m.fil);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function onLanguage(language: string): void {
  const lang: Language = language === 'fil' ? 'fil' : 'en';
  const locale = lang === 'fil' ? 'fil-PH' : 'en-PH';
  setCurrentLocale(locale);
  setPesoLocale(locale);
  setLabelTranslator(lang === 'fil' ? (kind, value) => filipinoLabels[kind]?.[value] : null);
  // Not in the build's prerender of /login (scripts/prerender.mjs runs the components in Node).
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

i18n.on('languageChanged', onLanguage);

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: deviceLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'fil'],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
onLanguage(i18n.language);

export { i18n };

/** The language the screens are in now. */
export function currentLanguage(): Language {
  return i18n.language === 'fil' ? 'fil' : 'en';
}

/** Shows the interface in `language` and remembers it on this device; resolves once its words are in. */
export async function showLanguage(language: Language): Promise<void> {
  rememberOnDevice(language);
  if (currentLanguage() !== language) await i18n.changeLanguage(language);
}

/**
 * A choice made on the login page, before signing in: it becomes the member's at sign-in (the
 * member just said so). Without one, the member's saved language wins over the device's.
 */
let pickedBeforeSignIn: Language | null = null;

export function pickLanguageBeforeSignIn(language: Language): Promise<void> {
  pickedBeforeSignIn = language;
  return showLanguage(language);
}

/** At sign-in: the language chosen on the login page just now, if any (read once). */
export function takeLanguagePickedBeforeSignIn(): Language | null {
  const picked = pickedBeforeSignIn;
  pickedBeforeSignIn = null;
  return picked;
}

/** The current language and `t`, re-rendering the caller when the language changes. */
export function useLanguage() {
  const { t, i18n: instance } = useTranslation();
  return { t, language: (instance.language === 'fil' ? 'fil' : 'en') as Language };
}

export { useTranslation };
