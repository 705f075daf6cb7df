import 'i18next';
import type { Catalogue } from './catalogue';

// Typed keys: t('a.missing.key') is a type error (decision 030).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
