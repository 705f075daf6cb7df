import { UserPlus } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import type { RecruitRecord } from '@ahente/contract/members';
import { MSG } from '@ahente/contract/messages';
import { useRecruits } from '../../api/members';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate } from '../../lib/dates';
import { fullName, matchesName } from '../../lib/names';
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
  const all = `${list.length} ${list.length === 1 ? 'recruit' : 'recruits'}`;
  return pending === 0 ? all : `${all}: ${list.length - pending} approved, ${pending} awaiting approval`;
}

/**
 * /recruitment, 'Agent Recruitment' (spec §2): the agent's direct recruits, Pending ones included
 * with their status (decision 021), searched by name on the page (the list is the agent's own),
 * Refresh clearing the search and reloading.
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
            {query.trim() ? `${rows.length} of ${total} recruits match` : recruitCount(recruits.data)}
          </p>
        )}
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table caption="Your recruits" aria-busy={recruits.isPending || undefined} dense>
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
              <TableHeaderCell>Status</TableHeaderCell>
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
      <TableCell>
        {/* As the Members Record shows it (spec §2): green for Approved, red for anything else. */}
        <Badge tone={recruit.status === 'Approved' ? 'success' : 'danger'} dot>
          {recruit.status}
        </Badge>
      </TableCell>
    </TableRow>
  );
});
