import { Copy, Download, ExternalLink, QrCode, Share2, Store } from 'lucide-react';
import { useState } from 'react';
import { STORE_REQUEST_STATUSES, type StoreRequestStatus } from '@ahente/contract/estore-rules';
import type { StoreMonthFigures, StoreRequestRecord, StoreRequestsResponse } from '@ahente/contract/estore';
import { formatPeso } from '@ahente/contract/money';
import { serverReason } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatManilaDateTime, formatMonth } from '../../lib/dates';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardSection } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableMessageRow, TableRow } from '../../ui/table';
import { toast } from '../../ui/toast';
import { useSetStoreRequest, useStoreRequests, useStoreSettings } from './api';

/**
 * /estore (issue 48, decision 040): the agent's store link with Copy and Share, its QR code, what
 * it shows, a preview, the requests with their states, and the figures by month (a leader's team's
 * and an administrator's agency's below their own).
 */
export function EstorePage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const [status, setStatus] = useState<StoreRequestStatus | ''>('');
  const query = useStoreRequests(user.memberId, status);
  const data = query.data;

  return (
    <>
      <PageHeader title={t('estore.title')} description={t('estore.description')} />
      {query.isPending ? (
        <p className="text-sm text-slate-500">{t('estore.loading')}</p>
      ) : query.isError || !data ? (
        <Notice tone="error">{t('estore.failed')}</Notice>
      ) : (
        <div className="flex flex-col gap-5">
          <div className="grid gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <StoreLink store={data.store} />
            <StoreQr store={data.store} />
          </div>
          <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <StoreShows store={data.store} memberId={user.memberId} />
            <StorePreview store={data.store} name={user.name} />
          </div>
          <RequestsCard requests={data.requests} status={status} onStatus={setStatus} />
          <FiguresCard title={t('estore.figures')} figures={data.figures} />
          {data.team && (
            <FiguresCard
              title={data.team.scope === 'team' ? t('estore.teamFigures') : t('estore.agencyFigures')}
              figures={data.team.figures}
            />
          )}
        </div>
      )}
    </>
  );
}

type Store = StoreRequestsResponse['store'];

function StoreLink({ store }: { store: Store }) {
  const { t } = useLanguage();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(store.url);
      toast.success(t('estore.copied'));
    } catch {
      toast.error(t('estore.copyFailed'));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('estore.title'), text: t('estore.shareText'), url: store.url });
    } catch {
      // The person closed the share sheet: nothing to say.
    }
  };
  return (
    <CardSection title={t('estore.link')} icon={<Store />} bodyClassName="p-5">
      {!store.open && (
        <Notice tone="warning" className="mb-4">
          {t('estore.closed')}
        </Notice>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('estore.link')} className="min-w-0 flex-1">
          <Input readOnly value={store.url} onFocus={(e) => e.currentTarget.select()} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t('estore.copy')}
          </Button>
          {canShare && (
            <Button type="button" variant="outline" onClick={() => void share()}>
              <Share2 aria-hidden="true" />
              {t('estore.share')}
            </Button>
          )}
          <a href={store.path} target="_blank" rel="noopener" className={buttonClasses({ variant: 'ghost' })}>
            <ExternalLink aria-hidden="true" />
            {t('estore.open')}
          </a>
        </div>
      </div>
    </CardSection>
  );
}

function StoreQr({ store }: { store: Store }) {
  const { t } = useLanguage();
  return (
    <CardSection title={t('estore.qr')} icon={<QrCode />} bodyClassName="flex flex-col items-center gap-3 p-5">
      <img src={store.qr} alt={t('estore.qrAlt')} width={160} height={160} className="size-40" />
      <a href={store.qr} download={`estore-${store.code}.png`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        <Download aria-hidden="true" />
        {t('estore.downloadQr')}
      </a>
    </CardSection>
  );
}

function StoreShows({ store, memberId }: { store: Store; memberId: number }) {
  const { t } = useLanguage();
  const save = useStoreSettings();
  // Shown as chosen at once; put back if the server refuses.
  const [shown, setShown] = useState({ show_photo: store.show_photo, show_contact: store.show_contact });
  const change = (next: { show_photo: boolean; show_contact: boolean }) => {
    const before = shown;
    setShown(next);
    save.mutate(
      { id: memberId, ...next },
      {
        onSuccess: () => toast.success(t('estore.saved')),
        onError: (e) => {
          setShown(before);
          toast.error(serverReason(e) ?? t('estore.saveFailed'));
        },
      },
    );
  };
  return (
    <CardSection title={t('estore.shows')} bodyClassName="flex flex-col gap-3 p-5">
      <Checkbox
        label={t('estore.showPhoto')}
        checked={shown.show_photo}
        onChange={(e) => change({ ...shown, show_photo: e.target.checked })}
      />
      <Checkbox
        label={t('estore.showContact')}
        checked={shown.show_contact}
        onChange={(e) => change({ ...shown, show_contact: e.target.checked })}
      />
    </CardSection>
  );
}

function StorePreview({ store, name }: { store: Store; name: string }) {
  const { t } = useLanguage();
  return (
    <CardSection title={t('estore.preview')} description={t('estore.previewNote')} bodyClassName="p-5">
      <p className="text-lg font-semibold text-slate-900">{name}</p>
      <p className="mb-3 text-sm text-slate-600">
        {t('estore.lines')}: {store.lines.join(', ') || '—'}
      </p>
      {store.products.length === 0 ? (
        <p className="text-sm text-slate-500">{t('estore.noProducts')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {store.products.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-200 p-3">
              {p.image_url && <img src={p.image_url} alt="" className="mb-2 aspect-video w-full rounded object-cover" loading="lazy" />}
              <p className="font-semibold text-slate-900">{p.product}</p>
              <p className="text-sm text-slate-600">{p.description}</p>
              {p.price_from !== null && (
                <p className="text-sm font-semibold text-emerald-800">{t('estore.from', { price: formatPeso(p.price_from) })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function RequestsCard(props: {
  requests: StoreRequestRecord[];
  status: StoreRequestStatus | '';
  onStatus: (s: StoreRequestStatus | '') => void;
}) {
  const { t } = useLanguage();
  const set = useSetStoreRequest();
  return (
    <Card>
      <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:justify-between">
        <h2 className="text-[0.9375rem] font-semibold text-slate-900">{t('estore.requests')}</h2>
        <Field label={t('estore.state')} className="sm:w-44">
          <Select value={props.status} onChange={(e) => props.onStatus(e.target.value as StoreRequestStatus | '')}>
            <option value="">{t('estore.allStatuses')}</option>
            {STORE_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`estore.statuses.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Table caption={t('estore.requestsCaption')}>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t('estore.received')}</TableHeaderCell>
            <TableHeaderCell>{t('estore.client')}</TableHeaderCell>
            <TableHeaderCell>{t('estore.product')}</TableHeaderCell>
            <TableHeaderCell>{t('estore.answers')}</TableHeaderCell>
            <TableHeaderCell>{t('estore.state')}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.requests.length === 0 ? (
            <TableMessageRow colSpan={5}>{t('estore.none')}</TableMessageRow>
          ) : (
            props.requests.map((r) => (
              <TableRow key={r.id}>
                <TableCell className="whitespace-nowrap">{formatManilaDateTime(r.created_at)}</TableCell>
                <TableCell>
                  <span className="font-medium text-slate-900">{r.client_name}</span>
                  <br />
                  <a href={`tel:${r.client_mobile}`} className="text-brand-700 underline">
                    {r.client_mobile}
                  </a>
                  {r.client_email && (
                    <>
                      <br />
                      <span className="text-slate-600">{r.client_email}</span>
                    </>
                  )}
                </TableCell>
                <TableCell>{r.product}</TableCell>
                <TableCell className="max-w-80 text-slate-700">
                  {r.answers.map((a) => (
                    <span key={a.question} className="block">
                      {a.question}: {a.answer}
                    </span>
                  ))}
                  {r.message && <span className="block italic">“{r.message}”</span>}
                </TableCell>
                <TableCell>
                  <Select
                    aria-label={t('estore.stateOf', { client: r.client_name })}
                    value={r.status}
                    disabled={set.isPending}
                    onChange={(e) =>
                      set.mutate(
                        { request_id: r.id, status: e.target.value as StoreRequestStatus },
                        { onError: (err) => toast.error(serverReason(err) ?? t('estore.saveFailed')) },
                      )
                    }
                  >
                    {STORE_REQUEST_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`estore.statuses.${s}`)}
                      </option>
                    ))}
                  </Select>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Card>
  );
}

function FiguresCard({ title, figures }: { title: string; figures: StoreMonthFigures[] }) {
  const { t } = useLanguage();
  return (
    <Card>
      <h2 className="p-5 pb-3 text-[0.9375rem] font-semibold text-slate-900">{title}</h2>
      <Table caption={`${title}: ${t('estore.figuresCaption')}`}>
        <TableHead>
          <TableRow>
            <TableHeaderCell>{t('estore.month')}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t('estore.views')}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t('estore.requestsCount')}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t('estore.deals')}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t('estore.sales')}</TableHeaderCell>
            <TableHeaderCell className="text-right">{t('estore.salesAmount')}</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {figures.map((f) => (
            <TableRow key={f.month}>
              <TableCell>{formatMonth(f.month)}</TableCell>
              <TableCell className="text-right tabular-nums">{f.views}</TableCell>
              <TableCell className="text-right tabular-nums">{f.requests}</TableCell>
              <TableCell className="text-right tabular-nums">{f.deals}</TableCell>
              <TableCell className="text-right tabular-nums">{f.sales}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPeso(f.sales_amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
