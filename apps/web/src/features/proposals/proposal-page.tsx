import { ArrowLeft, Copy, Download, Share2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { productLabel } from '@ahente/contract/labels';
import { pathOf, routePaths } from '@ahente/contract/route-paths';
import { formatPeso } from '@ahente/contract/money';
import type { ProposalOptionRecord, ProposalRecord } from '@ahente/contract/proposals';
import { serverReason } from '../../api/client';
import { useLanguage } from '../../i18n';
import './i18n';
import { copyText } from '../../lib/clipboard';
import { cn } from '../../lib/cn';
import { formatCalendarDate, formatManilaDateTime } from '../../lib/dates';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { useAcceptProposal, useProposal, useSendProposal, useWithdrawProposal } from './api';
import { BreakdownTable } from './breakdown-table';
import { ProposalStatusBadge } from './proposal-status-badge';
import { useBreakdownWords } from './use-breakdown-words';
import { newIdempotencyKey as newKey } from '../../lib/idempotency-key';

/**
 * /proposals/:proposalId: a proposal's latest version, its options with their breakdowns and its
 * history; Send (the client's link to copy or share), New version once sent, Accept for the client
 * (lands on the deal in the Deals Table) and Withdraw.
 */
export function ProposalPage() {
  const params = useParams();
  const proposalId = Number(params.proposalId);
  const query = useProposal(Number.isSafeInteger(proposalId) ? proposalId : 0);
  const { t } = useLanguage();
  const back = (
    <Link to="/proposals" className={buttonClasses({ variant: 'link', className: 'mb-3' })}>
      <ArrowLeft aria-hidden="true" />
      {t('proposals.page.back')}
    </Link>
  );
  if (!query.data) {
    return (
      <>
        {back}
        <Card className="p-6 text-sm text-slate-600" aria-busy={query.isPending || undefined}>
          {query.isError ? (serverReason(query.error) ?? t('proposals.page.failed')) : t('proposals.page.loading')}
        </Card>
      </>
    );
  }
  return (
    <>
      {back}
      <ProposalView proposal={query.data.proposal} />
    </>
  );
}

function ProposalView({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useLanguage();
  const navigate = useNavigate();
  const send = useSendProposal();
  const withdraw = useWithdrawProposal();
  const accept = useAcceptProposal();
  const [link, setLink] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [chosen, setChosen] = useState(1);
  const sendKey = useRef<string | null>(null);
  const acceptKey = useRef<string | null>(null);
  const failed = (error: unknown) => {
    const reason = serverReason(error);
    toast.error(reason ? t('proposals.page.actionFailed', { reason }) : t('proposals.page.actionFailedPlain'));
  };
  const open = proposal.status === 'draft' || proposal.status === 'sent';

  const onSend = async () => {
    try {
      sendKey.current ??= newKey();
      const answer = await send.mutateAsync({ proposalId: proposal.id, key: sendKey.current });
      sendKey.current = null;
      setLink(answer.share_url);
      toast.success(t('proposals.page.sent'));
    } catch (error) {
      failed(error);
    }
  };
  const onWithdraw = async () => {
    try {
      await withdraw.mutateAsync(proposal.id);
      setWithdrawing(false);
      setLink(null);
      toast.success(t('proposals.page.withdrawn'));
    } catch (error) {
      setWithdrawing(false);
      failed(error);
    }
  };
  const onAccept = async () => {
    try {
      acceptKey.current ??= newKey();
      const answer = await accept.mutateAsync({ proposalId: proposal.id, option: chosen, key: acceptKey.current });
      toast.success(t('proposals.page.accepted'));
      void navigate(`/deals/dealsview?deal=${answer.deal_id}`);
    } catch (error) {
      acceptKey.current = null;
      failed(error);
    }
  };
  const share = async (url: string) => {
    try {
      await navigator.share({ title: t('proposals.page.shareTitle', { number: proposal.number }), url });
    } catch {
      // Cancelled by the agent, or refused: the link is still on the screen to copy.
    }
  };

  return (
    <>
      <PageHeader
        title={`${proposal.number}${proposal.version > 1 ? ` v${proposal.version}` : ''} · ${proposal.client.name}`}
        description={`${productLabel(proposal.product)} · ${t('proposals.page.validUntil', { date: formatCalendarDate(proposal.valid_until) })}`}
        actions={<ProposalStatusBadge status={proposal.status} />}
      />

      <Card className="mb-5 flex flex-wrap gap-2 p-4">
        {proposal.status === 'draft' && (
          <Link to={`/proposals/${proposal.id}/edit`} className={buttonClasses({ variant: 'outline' })}>
            {t('proposals.page.edit')}
          </Link>
        )}
        {open && (
          <Button onClick={() => void onSend()} loading={send.isPending}>
            {proposal.status === 'sent' ? t('proposals.page.resend') : t('proposals.page.send')}
          </Button>
        )}
        {proposal.status === 'sent' && (
          <Link to={`/proposals/${proposal.id}/edit`} className={buttonClasses({ variant: 'outline' })}>
            {t('proposals.page.newVersion')}
          </Link>
        )}
        {open && (
          <Button variant="outline" onClick={() => setAccepting(true)}>
            {t('proposals.page.accept')}
          </Button>
        )}
        {open && (
          <Button variant="danger" onClick={() => setWithdrawing(true)}>
            {t('proposals.page.withdraw')}
          </Button>
        )}
        <a href={pathOf(routePaths.proposalPdf, { proposalId: proposal.id })} download className={buttonClasses({ variant: 'outline' })}>
          <Download className="size-4" aria-hidden="true" />
          {t('proposals.page.downloadPdf')}
        </a>
        {proposal.deal_id !== null && (
          <Link to={`/deals/dealsview?deal=${proposal.deal_id}`} className={buttonClasses({ variant: 'outline' })}>
            {t('proposals.page.viewDeal')}
          </Link>
        )}
      </Card>

      {link && (
        <Card className="mb-5 space-y-3 p-4" role="status">
          <Field label={t('proposals.page.link')} hint={t('proposals.page.linkOnce')}>
            <Input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() =>
                void copyText(link).then(
                  () => toast.success(t('proposals.page.copied')),
                  () => undefined,
                )
              }
            >
              <Copy aria-hidden="true" />
              {t('proposals.page.copy')}
            </Button>
            {typeof navigator.share === 'function' && (
              <Button variant="outline" onClick={() => void share(link)}>
                <Share2 aria-hidden="true" />
                {t('proposals.page.share')}
              </Button>
            )}
          </div>
        </Card>
      )}

      <h2 className="mb-3 text-base font-semibold text-slate-900">{t('proposals.page.options')}</h2>
      <div
        className={cn(
          'mb-5 grid gap-4',
          proposal.options.length === 2 && 'md:grid-cols-2',
          proposal.options.length === 3 && 'lg:grid-cols-3',
        )}
      >
        {proposal.options.map((option) => (
          <OptionView key={option.option} option={option} proposal={proposal} />
        ))}
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        {proposal.notes && (
          <Card className="p-4">
            <h2 className="mb-2 text-base font-semibold text-slate-900">{t('proposals.page.notes')}</h2>
            <p className="text-sm whitespace-pre-line text-slate-700">{proposal.notes}</p>
          </Card>
        )}
        <Card className="p-4">
          <h2 className="mb-2 text-base font-semibold text-slate-900">{t('proposals.page.history')}</h2>
          <ol className="space-y-2 text-sm">
            {[...proposal.events].reverse().map((event, i) => (
              <li key={i} className="flex flex-wrap justify-between gap-x-3">
                <span className="text-slate-800">
                  {t(`proposals.page.events.${event.action}`, { option: event.option ?? '' })} · v{event.version}
                  {' · '}
                  {event.by === 'client' ? t('proposals.page.byClient') : (event.by_name ?? '')}
                  {event.reason && <span className="block text-slate-500">{t('proposals.page.reason', { reason: event.reason })}</span>}
                </span>
                <time dateTime={event.at} className="text-slate-500">
                  {formatManilaDateTime(event.at)}
                </time>
              </li>
            ))}
          </ol>
        </Card>
      </div>

      <ConfirmDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={t('proposals.page.withdrawTitle')}
        description={t('proposals.page.withdrawDescription')}
        confirmLabel={t('proposals.page.withdraw')}
        cancelLabel={t('proposals.form.cancel')}
        busy={withdraw.isPending}
        onConfirm={() => void onWithdraw()}
      />
      <Modal
        open={accepting}
        onOpenChange={setAccepting}
        title={t('proposals.page.acceptTitle')}
        description={t('proposals.page.acceptDescription')}
        footer={
          <>
            <Button variant="outline" onClick={() => setAccepting(false)}>
              {t('proposals.form.cancel')}
            </Button>
            <Button onClick={() => void onAccept()} loading={accept.isPending}>
              {t('proposals.page.acceptConfirm')}
            </Button>
          </>
        }
      >
        <fieldset className="space-y-2">
          <legend className="sr-only">{t('proposals.page.options')}</legend>
          {proposal.options.map((o) => (
            <label
              key={o.option}
              className="flex items-center gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
            >
              <input
                type="radio"
                name="accept-option"
                value={o.option}
                checked={chosen === o.option}
                onChange={() => setChosen(o.option)}
              />
              <span className="text-sm text-slate-800">
                {t('proposals.page.acceptOption', { n: o.option, insurer: o.insurer, amount: formatPeso(o.breakdown.amount_due) })}
              </span>
            </label>
          ))}
        </fieldset>
      </Modal>
    </>
  );
}

function OptionView({ option, proposal }: { option: ProposalOptionRecord; proposal: ProposalRecord }) {
  const { t } = useLanguage();
  const words = useBreakdownWords(option.option);
  const picked = proposal.accepted_option === option.option;
  return (
    <Card className={cn('flex min-w-0 flex-col gap-3 p-4', picked && 'ring-2 ring-green-600')}>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          {t('proposals.form.optionN', { n: option.option })}: {option.insurer}
        </h3>
        {picked && <p className="text-xs font-medium text-green-800">{t('proposals.page.chosen')}</p>}
      </div>
      {(option.plan_name || option.sum_insured !== null || option.deductible) && (
        <dl className="space-y-1 text-sm">
          {option.plan_name && <Row label={t('proposals.page.plan')} value={option.plan_name} />}
          {option.sum_insured !== null && <Row label={t('proposals.page.sumInsured')} value={formatPeso(option.sum_insured)} />}
          {option.deductible && <Row label={t('proposals.page.deductible')} value={option.deductible} />}
        </dl>
      )}
      <BreakdownTable breakdown={option.breakdown} line={proposal.tax_line} words={words} />
      {option.coverages.length > 0 && (
        <div>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('proposals.page.coverages')}</h4>
          <ul className="space-y-1 text-sm">
            {option.coverages.map((c, i) => (
              <li key={i} className="flex justify-between gap-3">
                <span className="text-slate-700">{c.name}</span>
                {c.limit && <span className="text-right whitespace-nowrap text-slate-900">{c.limit}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {option.remarks && <p className="text-sm whitespace-pre-line text-slate-600">{option.remarks}</p>}
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right text-slate-900">{value}</dd>
    </div>
  );
}
