import { FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPeso } from '@ahente/contract/money';
import { PROPOSAL_STATUSES, type ProposalStatus } from '@ahente/contract/proposal-rules';
import type { ProposalRow, ProposalsResponse } from '@ahente/contract/proposals';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { useDateRange } from '../../lib/use-date-range-filter';
import { useServerPages } from '../../lib/use-server-pages';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { DateRangeFilter, isReversedRange } from '../../ui/date-range-filter';
import { Field } from '../../ui/field';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { ShowMore } from '../../ui/show-more';
import { Totals } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { useProposalPages } from './api';
import { ProposalStatusBadge } from './proposal-status-badge';
import { QueuedProposals } from './queued-proposals';

const COLUMNS = 8;
const rowsOf = (page: ProposalsResponse) => page.rows;

/**
 * /proposals: the agent's proposals, newest first, filtered by status and by the day they were
 * made, paged on the server like the Deals Table (decision 036), with the count and total amount
 * due of the whole filter. New Proposal opens the form.
 */
export function ProposalsPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const range = useDateRange();
  const [status, setStatus] = useState<ProposalStatus | ''>('');
  const reversed = isReversedRange(range.from, range.to);
  const query = useProposalPages(user.memberId, status, range.from, range.to, !reversed);
  const list = useServerPages(query, rowsOf);
  const rows = reversed ? [] : (list.rows ?? []);
  const latest = query.data?.pages.at(-1);
  const listState = reversed
    ? { ...query, isPending: false, isError: false }
    : { ...query, isError: query.isError && !query.isFetchNextPageError };
  const filtered = range.filtered || status !== '';

  return (
    <>
      <PageHeader
        title={t('proposals.title')}
        description={t('proposals.description')}
        actions={
          <Link to="/proposals/new" className={buttonClasses({})}>
            <Plus aria-hidden="true" />
            {t('proposals.newProposal')}
          </Link>
        }
      />

      <QueuedProposals />

      <Card className="mb-5 p-4 sm:p-5">
        <div className="flex flex-col gap-5 xl:flex-row xl:items-end xl:justify-between">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field label={t('proposals.status')} className="sm:w-44">
              <Select value={status} onChange={(e) => setStatus(e.target.value as ProposalStatus | '')}>
                <option value="">{t('proposals.allStatuses')}</option>
                {PROPOSAL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`proposals.statuses.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <DateRangeFilter
              range={range}
              fromLabel={t('common.from')}
              toLabel={t('common.to')}
              clearClassName="col-span-2 sm:col-span-1"
            />
          </div>
          <Totals
            className="min-w-0 xl:w-[26rem]"
            query={listState}
            loadingLabel={t('common.loadingTotals')}
            errorMessage={t('common.totalsFailed')}
            figures={[
              { label: t('proposals.totalAmountDue'), value: () => formatPeso(reversed ? 0 : (latest?.amount_due ?? 0)) },
              { label: t('proposals.numberOfProposals'), value: () => (reversed ? 0 : list.total).toLocaleString('en-PH') },
            ]}
          />
        </div>
      </Card>

      <Card className="overflow-hidden">
        <TableScrollHint>{t('common.scrollHint')}</TableScrollHint>
        <Table caption={t('proposals.caption')} aria-busy={query.isPending || undefined} dense>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('proposals.number')}</TableHeaderCell>
              <TableHeaderCell>{t('proposals.client')}</TableHeaderCell>
              <TableHeaderCell>{t('proposals.product')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('proposals.amountDue')}</TableHeaderCell>
              <TableHeaderCell>{t('proposals.validUntil')}</TableHeaderCell>
              <TableHeaderCell>{t('proposals.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('proposals.status')}</TableHeaderCell>
              <TableHeaderCell sticky>{t('proposals.action')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={listState}
            loadingLabel={t('proposals.loading')}
            skeletonClassName={(column) => (column === 1 ? 'h-4 w-32' : 'h-4 w-16')}
            errorMessage={t('proposals.failed')}
            empty={rows.length === 0}
            emptyIcon={<FileText />}
            emptyTitle={t('proposals.none')}
            emptyDescription={filtered ? t('proposals.noneFiltered') : undefined}
          >
            {rows.map((row) => (
              <ProposalListRow key={row.id} row={row} />
            ))}
          </TableBodyStates>
        </Table>
        <ShowMore
          shown={rows.length}
          total={Math.max(list.total, rows.length)}
          next={list.next}
          expanded={list.expanded}
          noun={t('proposals.noun')}
          onShowMore={list.showMore}
        />
      </Card>
    </>
  );
}

function ProposalListRow({ row }: { row: ProposalRow }) {
  const { t } = useLanguage();
  const made = formatTimestampParts(row.created_at);
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap tabular-nums">
        {row.number}
        {row.version > 1 && <span className="text-slate-500"> v{row.version}</span>}
      </TableCell>
      <TableCell>{row.client_name ?? <span className="text-slate-500">{t('proposals.clientHidden')}</span>}</TableCell>
      <TableCell>{row.product}</TableCell>
      <TableCell numeric>{formatPeso(row.amount_due)}</TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={row.valid_until}>{formatCalendarDate(row.valid_until)}</time>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={row.created_at}>{made.date}</time>
      </TableCell>
      <TableCell>
        <ProposalStatusBadge status={row.status} />
      </TableCell>
      <TableCell sticky>
        {row.client_name !== null && (
          <Link
            to={`/proposals/${row.id}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={t('proposals.openOf', { number: row.number })}
          >
            {t('proposals.open')}
          </Link>
        )}
      </TableCell>
    </TableRow>
  );
}
