import { RotateCw } from 'lucide-react';
import { useLanguage } from '../../i18n';
import './i18n';
import { Button } from '../../ui/button';

/** A tab whose data could not be loaded: what failed, and Try again. */
export function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useLanguage();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
      <p className="font-medium text-slate-700">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        {!retrying && <RotateCw aria-hidden="true" />}
        {t('settings.tryAgain')}
      </Button>
    </div>
  );
}
