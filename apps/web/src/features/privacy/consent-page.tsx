import { LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { NOTICE_NOT_CURRENT_MESSAGE } from '@ahente/contract/privacy-notice';
import { serverReason } from '../../api/client';
import { useAcceptPrivacyNoticeMutation, usePrivacyNotice } from './api';
import { useCurrentUser, useSession } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatTimestampParts } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { Notice } from '../../ui/notice';
import { PrivacyNoticeView } from './privacy-notice-view';

/**
 * Shown by the auth guard instead of the page asked for (decision 027), before anything else of the
 * signed-in app, while the session says `consent_required`: the agency published a privacy notice
 * the member has not accepted yet. "I accept" records the consent to the version shown, asks for
 * the session again and the page asked for opens; "Log out" leaves without accepting.
 */
export function ConsentPage() {
  const { t } = useLanguage();
  useDocumentTitle(t('privacy.consent.documentTitle'));
  const user = useCurrentUser();
  const { signOut, refresh } = useSession();
  const notice = usePrivacyNotice();
  const accept = useAcceptPrivacyNoticeMutation();
  const [problem, setProblem] = useState<{ text: string; detail?: string | undefined } | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [continuing, setContinuing] = useState(false);

  const onAccept = async () => {
    if (!notice.data || accept.isPending || continuing) return;
    setProblem(null);
    try {
      await accept.mutateAsync({ version: notice.data.version });
    } catch (error) {
      const reason = serverReason(error);
      if (reason === NOTICE_NOT_CURRENT_MESSAGE) {
        // A newer version was published while this one was being read: show that one.
        setProblem({ text: reason });
        void notice.refetch();
      } else {
        setProblem({ text: t('privacy.consent.saveFailed'), detail: reason });
      }
      return;
    }
    setContinuing(true);
    try {
      await refresh();
    } finally {
      setContinuing(false);
    }
  };

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo markClassName="size-8" />
          <p className="min-w-0 truncate text-sm text-slate-600">{user.name}</p>
        </div>
      </header>

      <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-6 sm:px-6 sm:py-10">
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="flex items-start gap-3 px-5 pt-5 sm:px-6 sm:pt-6">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <ShieldCheck className="size-5" />
            </span>
            <div className="min-w-0">
              <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{t('privacy.consent.title')}</h1>
              <p className="mt-1 text-sm text-slate-600">{t('privacy.consent.lead')}</p>
              {notice.data && (
                <p className="mt-1 text-xs font-medium text-slate-500">
                  {t('privacy.consent.version', {
                    version: notice.data.version,
                    date: formatTimestampParts(notice.data.published_at).date,
                  })}
                </p>
              )}
            </div>
          </div>

          <div className="px-5 pt-5 sm:px-6">
            <PrivacyNoticeView
              query={notice}
              className="max-h-[55dvh] min-h-40 bg-white"
              texts={{
                label: t('privacy.consent.notice'),
                loadFailed: t('privacy.consent.loadFailed'),
                tryAgain: t('privacy.consent.tryAgain'),
              }}
            />
          </div>

          <div className="flex flex-col gap-3 px-5 py-5 sm:px-6">
            {problem && (
              <Notice tone="error" detail={problem.detail}>
                {problem.text}
              </Notice>
            )}
            <p className="text-xs text-slate-500">{t('privacy.consent.agree')}</p>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => void onSignOut()} loading={signingOut} disabled={accept.isPending || continuing}>
                <LogOut aria-hidden="true" />
                {t('privacy.consent.logout')}
              </Button>
              <Button onClick={() => void onAccept()} loading={accept.isPending || continuing} disabled={!notice.data || signingOut}>
                {t('privacy.consent.accept')}
              </Button>
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
