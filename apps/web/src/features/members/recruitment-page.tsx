import { UserPlus } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import type { RecruitRecord } from '@ahente/contract/members';
import { MSG } from '@ahente/contract/messages';
import { useRecruits } from '../../api/members';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate } from '../../lib/dates';
import { fullName, matchesName } from '../../lib/names';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { NameSearch } from './name-search';

const COLUMNS = 7;

/**
 * /recruitment, 'Agent Recruitment' (spec §2): the agent's direct recruits, searched by name on
 * the page (the list is the agent's own), Refresh clearing the search and reloading.
 */
export function RecruitmentPage() {
  const user = useCurrentUser();
  const recruits = useRecruits(user.user);
  const [query, setQuery] = useState('');
  const rows = useMemo(() => (recruits.data ?? []).filter((r) => matchesName(r, query)), [recruits.data, query]);
  const total = recruits.data?.length ?? 0;

  const refresh = () => {
    setQuery('');
    void recruits.refetch();
  };

  return (
    <>
      <PageHeader title="Agent Recruitment" description="The agents who signed up with your referral code." />
      <Card className="overflow-hidden">
        <NameSearch value={query} onChange={setQuery} onRefresh={refresh} refreshing={recruits.isFetching && !recruits.isPending} />
        {recruits.isSuccess && total > 0 && (
          <p role="status" className="px-4 pt-3 text-sm text-slate-500 sm:px-5">
            {query.trim() ? `${rows.length} of ${total} recruits match` : `${total} ${total === 1 ? 'recruit' : 'recruits'}`}
          </p>
        )}
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table caption="Your recruits" aria-busy={recruits.isPending || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <TableHeaderCell numeric>ID</TableHeaderCell>
              <TableHeaderCell>Full Name</TableHeaderCell>
              <TableHeaderCell>Contact No</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Referral Code</TableHeaderCell>
              <TableHeaderCell>Registration Date</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={recruits}
            loadingLabel="Loading recruits…"
            skeletonClassName={(column) => (column === 2 || column === 4 ? 'h-4 w-32' : 'h-4 w-14')}
            errorMessage="Your recruits could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<UserPlus />}
            emptyTitle={MSG.noRecords}
            emptyDescription={total > 0 ? 'No recruit has that name.' : 'Share your referral link: agents who sign up with it appear here.'}
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
    </TableRow>
  );
});
