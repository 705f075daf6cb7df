import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useParams } from 'react-router';
import type { PublicCertificate } from '@ahente/contract/university';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { LogoMark } from '../../ui/logo';

/** Why a code shows no certificate: none such (404, or a malformed code: 400), too many tries (429), anything else. */
type Failure = 'not-found' | 'busy' | 'failed';
class CheckError extends Error {
  constructor(readonly failure: Failure) {
    super(failure);
  }
}

/**
 * GET /api/public/certificate/:code with no session and no cookie (the code is the only
 * credential), as the proposal's client link does (public-proposal-api.ts); typed by the contract,
 * not parsed with zod (the page stays light, decision 014).
 */
async function checkCertificate(code: string): Promise<PublicCertificate> {
  let response: Response;
  try {
    response = await fetch(`/api/public/certificate/${encodeURIComponent(code)}`, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new CheckError('failed');
  }
  if (response.ok) return (await response.json()) as PublicCertificate;
  if (response.status === 404 || response.status === 400) throw new CheckError('not-found');
  if (response.status === 429) throw new CheckError('busy');
  throw new CheckError('failed');
}

/**
 * /certificate/:code: the address a certificate's PDF prints (decision 039). Anyone checks a code:
 * the member's name, the course, the day issued and the last valid day; nothing else.
 */
export function PublicCertificatePage() {
  const { code = '' } = useParams();
  const { t } = useLanguage();
  const query = useQuery({ queryKey: ['public-certificate', code], queryFn: () => checkCertificate(code), retry: false });
  const failure = query.error instanceof CheckError ? query.error.failure : 'failed';
  const today = new Date().toISOString().slice(0, 10);
  const c = query.data;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3 sm:px-6">
          <LogoMark className="size-8" />
          <span className="text-base font-semibold text-slate-900">Ahente</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-semibold text-slate-900">{t('university.check.title')}</h1>
        <p className="mt-1 font-mono text-sm text-slate-600">{code.toUpperCase()}</p>
        {c ? (
          <section className="mt-5 rounded-xl border border-slate-200 bg-white p-5" aria-label={t('university.check.found')}>
            <p className="flex items-center gap-2 font-medium text-green-700">
              <BadgeCheck className="size-5" aria-hidden="true" />
              {c.valid_until && c.valid_until < today ? t('university.check.expired') : t('university.check.found')}
            </p>
            <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">{t('university.check.name')}</dt>
                <dd className="font-medium text-slate-900">{c.name}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('university.check.course')}</dt>
                <dd className="font-medium text-slate-900">{c.course}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('university.issuedOn')}</dt>
                <dd className="font-medium text-slate-900">{formatCalendarDate(c.issued)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('university.validUntil')}</dt>
                <dd className="font-medium text-slate-900">
                  {c.valid_until ? formatCalendarDate(c.valid_until) : t('university.certificateNoExpiry')}
                </dd>
              </div>
            </dl>
          </section>
        ) : query.isError ? (
          <p className="mt-5 flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
            <CircleAlert className="size-5" aria-hidden="true" />
            {t(`university.check.${failure === 'not-found' ? 'notFound' : failure}`)}
          </p>
        ) : (
          <p className="mt-5 text-sm text-slate-600" role="status" aria-busy="true">
            {t('university.loading')}
          </p>
        )}
      </main>
    </div>
  );
}
