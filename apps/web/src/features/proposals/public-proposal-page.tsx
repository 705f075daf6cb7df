import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Download, FileX, Phone } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isProduct } from '@ahente/contract/catalogue';
import { formatPeso } from '@ahente/contract/money';
import { taxLineOf } from '@ahente/contract/proposal-tax';
import type { ProposalOptionRecord } from '@ahente/contract/proposals';
import { showLanguage, useLanguage } from '../../i18n';
import { LanguageChoice } from '../../i18n/language-choice';
import './i18n';
import { cn } from '../../lib/cn';
import { formatCalendarDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field } from '../../ui/field';
import { Textarea } from '../../ui/input';
import { LogoMark } from '../../ui/logo';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { BreakdownTable, type BreakdownWords } from './breakdown-table';
import {
  acceptPublicProposal,
  declinePublicProposal,
  fetchPublicProposal,
  publicProposalPdfUrl,
  PublicProposalError,
  type PublicFailure,
  type PublicProposal,
} from './public-proposal-api';

const key = (token: string) => ['public-proposal', token] as const;
const failureOf = (error: unknown): PublicFailure => (error instanceof PublicProposalError ? error.failure : 'failed');

/**
 * /p/<token>, the client's page of a sent proposal (issue 46): no sign-in. The agency's name, the
 * agent's name, licence number and (if they chose) contact number, the options side by side with
 * their breakdowns (stacked on a phone), the validity; Accept (an option) and Decline (a reason if
 * they like). A link that never existed says so (404); one withdrawn or expired says it is no
 * longer available (410). Light: no layout, no session's screens, one request.
 */
export function PublicProposalPage() {
  const { token = '' } = useParams();
  const { t } = useLanguage();
  const query = useQuery({ queryKey: key(token), queryFn: () => fetchPublicProposal(token), retry: false });
  useDocumentTitle(query.data ? t('proposals.public.title', { number: query.data.number }) : undefined);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
          <LogoMark className="size-8" />
          <span className="min-w-0 flex-1 text-base leading-tight font-semibold text-slate-900">{query.data?.agency ?? 'Ahente'}</span>
          {/* The client reads it in English or Filipino (remembered on their device, as on the login page). */}
          <LanguageChoice onChoose={(language) => void showLanguage(language)} />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {query.data ? (
          <ProposalForClient token={token} proposal={query.data} />
        ) : query.isError ? (
          <Unavailable failure={failureOf(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          <p className="text-sm text-slate-600" role="status" aria-busy="true">
            {t('proposals.public.loading')}
          </p>
        )}
      </main>
      <footer className="mx-auto max-w-6xl px-4 pb-8 text-xs text-slate-500 sm:px-6">{t('proposals.public.disclaimer')}</footer>
    </div>
  );
}

function Unavailable({ failure, onRetry }: { failure: PublicFailure; onRetry: () => void }) {
  const { t } = useLanguage();
  if (failure === 'not-found' || failure === 'gone') {
    const gone = failure === 'gone';
    return (
      <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
        <FileX aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="text-xl font-semibold text-slate-900">
          {gone ? t('proposals.public.goneTitle') : t('proposals.public.notFoundTitle')}
        </h1>
        <p className="text-sm text-slate-600">{gone ? t('proposals.public.gone') : t('proposals.public.notFound')}</p>
      </Card>
    );
  }
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-12 text-center">
      <p className="text-sm text-slate-700">{failure === 'busy' ? t('proposals.public.busy') : t('proposals.public.failed')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('proposals.public.tryAgain')}
      </Button>
    </Card>
  );
}

function ProposalForClient({ token, proposal }: { token: string; proposal: PublicProposal }) {
  const { t } = useLanguage();
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState(false);
  const settle = (next: PublicProposal) => {
    setFailed(false);
    queryClient.setQueryData(key(token), next);
  };
  const accept = useMutation({
    mutationFn: (option: number) => acceptPublicProposal(token, option),
    onSuccess: settle,
    onError: () => setFailed(true),
  });
  const decline = useMutation({
    mutationFn: () => declinePublicProposal(token, reason),
    onSuccess: (next) => {
      setDeclining(false);
      settle(next);
    },
    onError: () => {
      setDeclining(false);
      setFailed(true);
    },
  });
  const open = proposal.status === 'sent';
  const count = proposal.options.length;
  const line = isProduct(proposal.product) ? taxLineOf(proposal.product) : 'non_life';

  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {t('proposals.public.title', { number: proposal.number })}
            {proposal.version > 1 && <span className="text-slate-500"> v{proposal.version}</span>}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('proposals.public.for', { name: proposal.client_name })} · {proposal.product}
          </p>
          <p className="mt-1 text-sm font-medium text-slate-800">
            {t('proposals.public.validUntil', { date: formatCalendarDate(proposal.valid_until) })}
          </p>
          <a
            href={publicProposalPdfUrl(token)}
            download
            referrerPolicy="no-referrer"
            className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'mt-3')}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('proposals.public.downloadPdf')}
          </a>
        </div>
        <Card className="p-4 text-sm sm:min-w-64">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('proposals.public.agent')}</p>
          <p className="mt-1 font-semibold text-slate-900">{proposal.agent.name}</p>
          {proposal.agent.licence_number && (
            <p className="text-slate-600">{t('proposals.public.licence', { number: proposal.agent.licence_number })}</p>
          )}
          {proposal.agent.contact && (
            <a
              href={`tel:${proposal.agent.contact}`}
              className="mt-1 inline-flex items-center gap-1.5 font-medium text-brand-700 underline"
            >
              <Phone aria-hidden="true" className="size-4" />
              {t('proposals.public.contact', { contact: proposal.agent.contact })}
            </a>
          )}
        </Card>
      </div>

      {proposal.status === 'accepted' && proposal.accepted_option !== null && (
        <Notice tone="success" className="mb-5">
          {t('proposals.public.accepted', { n: proposal.accepted_option })}
        </Notice>
      )}
      {proposal.status === 'declined' && (
        <Notice tone="warning" className="mb-5">
          {t('proposals.public.declined')}
        </Notice>
      )}
      {failed && (
        <Notice tone="error" className="mb-5">
          {t('proposals.public.actionFailed')}
        </Notice>
      )}

      <h2 className="mb-3 text-base font-semibold text-slate-900">{t('proposals.public.options')}</h2>
      <div className={cn('grid gap-4', count === 2 && 'md:grid-cols-2', count === 3 && 'lg:grid-cols-3')}>
        {proposal.options.map((option) => (
          <ClientOption
            key={option.option}
            option={option}
            line={line}
            chosen={proposal.accepted_option === option.option}
            onAccept={open ? () => accept.mutate(option.option) : undefined}
            busy={accept.isPending && accept.variables === option.option}
            disabled={accept.isPending || decline.isPending}
          />
        ))}
      </div>

      {open && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => setDeclining(true)} disabled={accept.isPending}>
            {t('proposals.public.decline')}
          </Button>
        </div>
      )}
      <Modal
        open={declining}
        onOpenChange={(next) => !decline.isPending && setDeclining(next)}
        title={t('proposals.public.declineTitle')}
        description={t('proposals.public.declineDescription')}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeclining(false)} disabled={decline.isPending}>
              {t('proposals.public.cancel')}
            </Button>
            <Button variant="danger" onClick={() => decline.mutate()} loading={decline.isPending}>
              {t('proposals.public.confirmDecline')}
            </Button>
          </>
        }
      >
        <Field label={t('proposals.public.reason')} hint={t('proposals.form.optional')}>
          <Textarea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </Modal>
    </>
  );
}

function ClientOption({
  option,
  line,
  chosen,
  onAccept,
  busy,
  disabled,
}: {
  option: ProposalOptionRecord;
  line: ReturnType<typeof taxLineOf>;
  chosen: boolean;
  onAccept: (() => void) | undefined;
  busy: boolean;
  disabled: boolean;
}) {
  const { t } = useLanguage();
  const words: BreakdownWords = {
    caption: t('proposals.breakdown.caption', { n: option.option }),
    basicPremium: t('proposals.breakdown.basicPremium'),
    dst: t('proposals.breakdown.dst'),
    vat: t('proposals.breakdown.vat'),
    lgt: t('proposals.breakdown.lgt'),
    fst: t('proposals.breakdown.fst'),
    fees: t('proposals.breakdown.fees'),
    amountDue: t('proposals.breakdown.amountDue'),
  };
  const headingId = `client-option-${option.option}`;
  return (
    <Card className={cn('flex min-w-0 flex-col gap-3 p-4', chosen && 'ring-2 ring-green-600')} role="group" aria-labelledby={headingId}>
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('proposals.public.optionN', { n: option.option })}
        </p>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {option.insurer}
        </h3>
        {option.plan_name && <p className="text-sm text-slate-600">{option.plan_name}</p>}
        {chosen && (
          <p className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-green-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('proposals.public.chosen')}
          </p>
        )}
      </div>
      {(option.sum_insured !== null || option.deductible) && (
        <dl className="space-y-1 text-sm">
          {option.sum_insured !== null && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('proposals.page.sumInsured')}</dt>
              <dd className="whitespace-nowrap text-slate-900 tabular-nums">{formatPeso(option.sum_insured)}</dd>
            </div>
          )}
          {option.deductible && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('proposals.page.deductible')}</dt>
              <dd className="text-right text-slate-900">{option.deductible}</dd>
            </div>
          )}
        </dl>
      )}
      {option.coverages.length > 0 && (
        <ul className="space-y-1 text-sm">
          {option.coverages.map((c, i) => (
            <li key={i} className="flex justify-between gap-3">
              <span className="text-slate-700">{c.name}</span>
              {c.limit && <span className="text-right whitespace-nowrap text-slate-900">{c.limit}</span>}
            </li>
          ))}
        </ul>
      )}
      <BreakdownTable breakdown={option.breakdown} line={line} words={words} className="mt-auto" />
      {option.remarks && <p className="text-sm whitespace-pre-line text-slate-600">{option.remarks}</p>}
      {onAccept && (
        <Button onClick={onAccept} loading={busy} disabled={disabled} fullWidth>
          {t('proposals.public.accept', { n: option.option })}
        </Button>
      )}
    </Card>
  );
}
