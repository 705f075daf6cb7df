import { Eye } from 'lucide-react';
import { formatManilaDateTime } from '../../lib/dates';
import { useState } from 'react';
import { ACCESS_LOG_PAGE_SIZES } from '@ahente/contract/privacy';
import { useAccessLog } from '../../api/privacy';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { Pager } from '../../ui/pager';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';

const COLUMNS = 4;
type PageSize = (typeof ACCESS_LOG_PAGE_SIZES)[number];

/**
 * Settings → Privacy, "Who accessed my data" (issue 24 §3): each time someone else (an
 * administrator, a leader) opened the member's sensitive data, newest first: who, what, which
 * record, and when in Philippine time. Reads of one's own data are not listed. Below `md` the
 * Detail and When columns give way to lines under who read it, so a row reads as a card without
 * scrolling sideways.
 */
export function AccessListSection() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const log = useAccessLog(user.user, page, pageSize);
  const rows = log.data?.rows ?? [];
  const total = log.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (log.isSuccess && !log.isPlaceholderData && page > lastPage) setPage(lastPage);
  const first = (page - 1) * pageSize;

  return (
    <CardSection
      title="Who accessed my data"
      icon={<Eye />}
      description="Each time an administrator or a leader opened your personal details, IDs, bank details or licences, or exported your data. Your own views are not listed."
      bodyClassName="px-0! pb-0!"
      className="overflow-hidden"
      aria-busy={log.isPending || undefined}
    >
      <Table caption="Who accessed my data" className="[&_td]:px-4 [&_th]:px-4 sm:[&_td]:px-5 sm:[&_th]:px-5">
        <TableHead>
          <tr>
            <TableHeaderCell>Who</TableHeaderCell>
            <TableHeaderCell>What</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">Detail</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">When (Philippine time)</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={log}
          loadingLabel="Loading who accessed your data…"
          skeletonClassName={(column) => (column === 3 ? 'h-4 w-36' : 'h-4 w-24')}
          errorMessage="The list of who accessed your data could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<Eye />}
          emptyTitle="No one has opened your data yet."
          emptyDescription="When an administrator or a leader opens your personal details, IDs, bank details or licences, it is listed here."
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
              <TableCell className="align-top">{entry.what_label}</TableCell>
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
          noun="access entries"
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
