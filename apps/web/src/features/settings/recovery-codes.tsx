import { Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useSession } from '../../api/session';
import { useLanguage } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { saveBlob } from '../../lib/save-blob';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { toast } from '../../ui/toast';
import './security-i18n';

/** The text file "Download" saves: what the codes are for, then one code a line. */
function codesFile(codes: string[], name: string | undefined): string {
  const lines = [
    'Ahente: two-factor sign-in recovery codes',
    name ? `Account: ${name}` : null,
    `Made: ${new Date().toISOString()}`,
    '',
    'Each code signs you in once, in place of the code from your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ];
  return lines.filter((line) => line !== null).join('\r\n');
}

/** The recovery codes, shown this once, with Download (.txt) and Copy; "Done" hides them for good. */
export function RecoveryCodes({ codes, reason, onDone }: { codes: string[]; reason: 'enabled' | 'regenerated'; onDone: () => void }) {
  const { t } = useLanguage();
  const { user } = useSession();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const download = () => {
    saveBlob(new Blob([codesFile(codes, user?.name)], { type: 'text/plain;charset=utf-8' }), 'ahente-recovery-codes.txt');
  };
  const copy = async () => {
    try {
      await copyText(codes.join('\n'));
      toast.success(t('security.codes.copied'));
    } catch {
      toast.error(t('security.codes.copyFailed'));
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        {reason === 'enabled' ? t('security.codes.enabled') : t('security.codes.regenerated')}
      </h3>
      <Notice tone="warning" detail={t('security.codes.onlyNowDetail')}>
        {t('security.codes.onlyNow')}
      </Notice>
      <ol
        aria-label={t('security.codes.list')}
        className="grid max-w-md grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg bg-slate-50 px-4 py-3 font-mono text-sm text-slate-900 ring-1 ring-slate-900/10 ring-inset sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t('security.codes.download')}
        </Button>
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('security.codes.copy')}
        </Button>
        <Button onClick={onDone}>{t('security.codes.saved')}</Button>
      </div>
    </section>
  );
}
