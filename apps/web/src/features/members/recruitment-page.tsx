import { UserPlus } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import type { RecruitRecord } from '@ahente/contract/members';
import './i18n';
import { i18n, useLanguage } from '../../i18n';
import { useRecruits } from './api';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate } from '../../lib/dates';
import { fullName } from '@ahente/contract/names';
import { matchesName } from '../../lib/names';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { NameSearch } from './name-search';

const COLUMNS = 8;

/** '3 recruits: 2 approved, 1 awaiting approval' (decision 021: the approved are the dashboard's Direct Recruits). */
function recruitCount(list: readonly RecruitRecord[]): string {
  const pending = list.filter((r) => r.status !== 'Approved').length;
  const all = i18n.t('recruitment.recruits', { count: list.length });
  return pending === 0 ? all : i18n.t('recruitment.withPending', { all, approved: list.length - pending, pending });
}

/**
 * /recruitment, 'Agent Recruitment': the agent's direct recruits, Pending ones included with their
 * status (decision 021), searched by name on the page (the list is the agent's own), Refresh
 * clearing the search and reloading.
 */
export function RecruitmentPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const recruits = useRecruits(user.memberId);
  const [query, setQuery] = useState('');
  const rows = useMemo(() => (recruits.data ?? []).filter((r) => matchesName(r, query)), [recruits.data, query]);
  const total = recruits.data?.length ?? 0;

  const refresh = () => {
    setQuery('');
    void recruits.refetch();
  };

  return (
    <>
      <PageHeader title={t('recruitment.title')} description={t('recruitment.description')} />
      <Card className="overflow-hidden">
        <NameSearch value={query} onChange={setQuery} onRefresh={refresh} refreshing={recruits.isFetching && !recruits.isPending} />
        {recruits.isSuccess && total > 0 && (
          <p role="status" className="px-4 pt-3 text-sm text-slate-500 sm:px-5">
            {query.trim() ? t('recruitment.match', { shown: rows.length, total }) : recruitCount(recruits.data)}
          </p>
        )}
        <TableScrollHint>{t('sales.scrollHint')}</TableScrollHint>
        <Table caption={t('recruitment.caption')} aria-busy={recruits.isPending || undefined} dense>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <TableHeaderCell numeric>{t('recruitment.id')}</TableHeaderCell>
              <TableHeaderCell>{t('recruitment.fullName')}</TableHeaderCell>
              <TableHeaderCell>{t('recruitment.contactNo')}</TableHeaderCell>
              <TableHeaderCell>{t('recruitment.email')}</TableHeaderCell>
              <TableHeaderCell>{t('recruitment.referralCode')}</TableHeaderCell>
              <TableHeaderCell>{t('recruitment.regDate')}</TableHeaderCell>
              <TableHeaderCell>{t('common.status')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={recruits}
            loadingLabel={t('recruitment.loading')}
            skeletonClassName={(column) => (column === 2 || column === 4 ? 'h-4 w-32' : 'h-4 w-14')}
            errorMessage={t('recruitment.failed')}
            empty={rows.length === 0}
            emptyIcon={<UserPlus />}
            emptyTitle={t('recruitment.noRecords')}
            emptyDescription={total > 0 ? t('recruitment.noName') : t('recruitment.shareLink')}
          >
            {rows.map((recruit, index) => (
              <RecruitRow key={recruit.id} recruit={recruit} index={index} />
            ))}
          </TableBodyStates>
        </Table>
      </Card>
    </>
  );
}

const RecruitRow = memo(function RecruitRow({ recruit, index }: { recruit: RecruitRecord; index: number }) {
  return (
    <TableRow>
      <TableCell numeric className="text-slate-500">
        {index + 1}
      </TableCell>
      <TableCell numeric>{recruit.id}</TableCell>
      <TableCell className="min-w-40 font-medium text-slate-900">{fullName(recruit)}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{recruit.contact_no}</TableCell>
      <TableCell className="whitespace-nowrap">{recruit.email}</TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">{recruit.referral_code}</TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={recruit.reg_date}>{formatCalendarDate(recruit.reg_date)}</time>
      </TableCell>
      <TableCell>
        {/* As the Members Record shows it: green for Approved, red for anything else. */}
        <Badge tone={recruit.status === 'Approved' ? 'success' : 'danger'} dot>
          {recruit.status}
        </Badge>
      </TableCell>
    </TableRow>
  );
});
