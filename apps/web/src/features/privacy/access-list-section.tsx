import { Eye } from 'lucide-react';
import { formatManilaDateTime } from '../../lib/dates';
import { useState } from 'react';
import { ACCESS_LOG_PAGE_SIZES } from '@ahente/contract/privacy';
import { useAccessLog } from './api';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { Pager } from '../../ui/pager';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { useLanguage } from '../../i18n';
import './i18n';

const COLUMNS = 4;
type PageSize = (typeof ACCESS_LOG_PAGE_SIZES)[number];

/**
 * Settings → Privacy, "Who accessed my data" (decision 027): each time someone else (an
 * administrator, a leader) opened the member's sensitive data, newest first: who, what, which
 * record, and when in Philippine time. Reads of one's own data are not listed. Below `md` the
 * Detail and When columns give way to lines under who read it, so a row reads as a card without
 * scrolling sideways.
 */
export function AccessListSection() {
  const { t } = useLanguage();
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const log = useAccessLog(user.memberId, page, pageSize);
  const rows = log.data?.rows ?? [];
  const total = log.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (log.isSuccess && !log.isPlaceholderData && page > lastPage) setPage(lastPage);
  const first = (page - 1) * pageSize;

  return (
    <CardSection
      title={t('privacy.access.title')}
      icon={<Eye />}
      description={t('privacy.access.description')}
      bodyClassName="px-0! pb-0!"
      className="overflow-hidden"
      aria-busy={log.isPending || undefined}
    >
      <Table caption={t('privacy.access.title')} className="[&_td]:px-4 [&_th]:px-4 sm:[&_td]:px-5 sm:[&_th]:px-5">
        <TableHead>
          <tr>
            <TableHeaderCell>{t('privacy.access.who')}</TableHeaderCell>
            <TableHeaderCell>{t('privacy.access.what')}</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">{t('privacy.access.detail')}</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">{t('privacy.access.when')}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={log}
          loadingLabel={t('privacy.access.loading')}
          skeletonClassName={(column) => (column === 3 ? 'h-4 w-36' : 'h-4 w-24')}
          errorMessage={t('privacy.access.failed')}
          empty={rows.length === 0}
          emptyIcon={<Eye />}
          emptyTitle={t('privacy.access.emptyTitle')}
          emptyDescription={t('privacy.access.emptyDescription')}
        >
          {rows.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="min-w-32 align-top font-medium break-words text-slate-900">
                {entry.actor_name}
                {/* On a phone the Detail and When columns are hidden: they are shown here instead. */}
                <span className="mt-1 flex flex-col gap-0.5 text-xs font-normal text-slate-600 md:hidden">
                  {entry.detail && <span className="break-words">{entry.detail}</span>}
                  <span>{formatManilaDateTime(entry.at)}</span>
                </span>
              </TableCell>
              <TableCell className="align-top">{t(`privacy.access.kinds.${entry.what}`, { defaultValue: entry.what_label })}</TableCell>
              <TableCell className="align-top break-words max-md:hidden">{entry.detail ?? <Dash />}</TableCell>
              <TableCell className="align-top whitespace-nowrap max-md:hidden">
                <time dateTime={entry.at}>{formatManilaDateTime(entry.at)}</time>
              </TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
      </Table>
      {log.isSuccess && total > 0 && (
        <Pager
          noun={t('privacy.access.noun')}
          page={page}
          lastPage={lastPage}
          first={first + 1}
          last={first + rows.length}
          total={total}
          pageSize={pageSize}
          pageSizes={ACCESS_LOG_PAGE_SIZES}
          loading={log.isPlaceholderData}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </CardSection>
  );
}
