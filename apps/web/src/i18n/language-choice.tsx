import { LANGUAGES, type Language } from '@ahente/contract/languages';
import { cn } from '../lib/cn';
import { LANGUAGE_NAMES, useLanguage } from './index';

/**
 * English / Filipino as two buttons, the current one pressed (decision 030): on the login page and
 * in the profile popup. Each language's name is written in that language (and marked so for a
 * screen reader), whatever the interface's language.
 */
export function LanguageChoice({ onChoose, className }: { onChoose: (language: Language) => void; className?: string }) {
  const { t, language } = useLanguage();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5', className)}
    >
      {LANGUAGES.map((lang) => {
        const pressed = lang === language;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) onChoose(lang);
            }}
            className={cn(
              'min-h-9 flex-1 rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              pressed ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {LANGUAGE_NAMES[lang]}
          </button>
        );
      })}
    </div>
  );
}
