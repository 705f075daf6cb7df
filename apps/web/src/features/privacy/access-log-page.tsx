import { FileSpreadsheet, ScrollText, Search } from 'lucide-react';
import { formatManilaDateTime } from '../../lib/dates';
import { useEffect, useState } from 'react';
import { ACCESS_KIND_LABELS, ACCESS_KINDS, ACCESS_LOG_PAGE_SIZES } from '@ahente/contract/privacy';
import { exportAccessLog, useAdminAccessLog, type AdminAccessLogFilters } from './api';
import type { DateRange } from '../../lib/use-date-range-filter';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { DateRangeFilter, isReversedRange } from '../../ui/date-range-filter';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Pager } from '../../ui/pager';
import { Select } from '../../ui/select';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { useFileDownload } from './use-file-download';
import { memberIdText, nameWithId } from '@ahente/contract/labels';

const COLUMNS = 6;
/** How long typing rests before the list follows the Reader and Member boxes. */
const TYPING_DELAY_MS = 300;
type PageSize = (typeof ACCESS_LOG_PAGE_SIZES)[number];

const WHAT_OPTIONS = ACCESS_KINDS.map((kind) => ({ value: kind, label: ACCESS_KIND_LABELS[kind] }));
const NO_FILTERS: AdminAccessLogFilters = { actor: '', subject: '', what: '', from: '', to: '' };

/**
 * Admin Panel → Privacy → Access log (decision 027): every read of someone's sensitive data by
 * someone else, newest first, filtered by who read (the reader), whose data (the member), what, and
 * the days (Manila time); one page at a time, and the whole filtered log as an Excel workbook for a
 * breach investigation. Below `md` the columns after the first give way to lines under it.
 */
export function AccessLogPage() {
  // What the boxes hold now; the list follows the text boxes after a pause in typing.
  const [typed, setTyped] = useState({ actor: '', subject: '' });
  const [filters, setFilters] = useState<AdminAccessLogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(25);

  const change = (patch: Partial<AdminAccessLogFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  useEffect(() => {
    if (typed.actor.trim() === filters.actor && typed.subject.trim() === filters.subject) return;
    const timer = window.setTimeout(() => {
      setFilters((current) => ({ ...current, actor: typed.actor.trim(), subject: typed.subject.trim() }));
      setPage(1);
    }, TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, filters.actor, filters.subject]);

  const reversed = isReversedRange(filters.from, filters.to);
  const log = useAdminAccessLog({ ...filters, page, pageSize }, { enabled: !reversed });
  const rows = log.data?.rows ?? [];
  const total = log.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (log.isSuccess && !log.isPlaceholderData && page > lastPage) setPage(lastPage);
  const first = (page - 1) * pageSize;
  const filtered = Boolean(typed.actor.trim() || typed.subject.trim() || filters.what || filters.from || filters.to);

  // Clear Filters of the date row clears every filter of the page.
  const range: DateRange = {
    from: filters.from,
    to: filters.to,
    setFrom: (from) => change({ from }),
    setTo: (to) => change({ to }),
    filtered,
    clear: () => {
      setTyped({ actor: '', subject: '' });
      setFilters(NO_FILTERS);
      setPage(1);
    },
  };

  const { busy: exporting, run } = useFileDownload();
  const onExport = () => run(() => exportAccessLog({ ...filters, actor: typed.actor.trim(), subject: typed.subject.trim() }));

  return (
    <Card className="overflow-hidden">
      <div role="search" aria-label="Filter the access log" className="flex flex-col gap-3 border-b border-slate-100 px-4 py-4 sm:px-5">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Reader" hint="Who read: part of the name, or the ID.">
            <Input
              type="search"
              value={typed.actor}
              maxLength={100}
              leading={<Search />}
              autoComplete="off"
              onChange={(event) => setTyped((t) => ({ ...t, actor: event.target.value }))}
            />
          </Field>
          <Field label="Member" hint="Whose data: part of the name, or the ID.">
            <Input
              type="search"
              value={typed.subject}
              maxLength={100}
              leading={<Search />}
              autoComplete="off"
              onChange={(event) => setTyped((t) => ({ ...t, subject: event.target.value }))}
            />
          </Field>
          <Field label="What" className="sm:col-span-2 lg:col-span-1">
            <Select
              value={filters.what}
              placeholder="Everything"
              options={WHAT_OPTIONS}
              onChange={(event) => change({ what: event.target.value })}
            />
          </Field>
        </div>
        <DateRangeFilter range={range} fromLabel="From" toLabel="To">
          <Button
            variant="outline"
            className="col-span-2 sm:col-span-1"
            loading={exporting}
            disabled={reversed}
            onClick={() => void onExport()}
          >
            {!exporting && <FileSpreadsheet aria-hidden="true" />}
            Export (.xlsx)
          </Button>
        </DateRangeFilter>
      </div>

      <Table caption="Access log" aria-busy={log.isPending || undefined}>
        <TableHead>
          <tr>
            <TableHeaderCell>When (Philippine time)</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">Reader</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">Member</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">What</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">Detail</TableHeaderCell>
            <TableHeaderCell className="max-md:hidden">Address</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={reversed ? { isPending: false, isError: false, isFetching: false, refetch: () => undefined } : log}
          loadingLabel="Loading the access log…"
          skeletonClassName={(column) => (column === 0 ? 'h-4 w-36' : 'h-4 w-24')}
          errorMessage="The access log could not be loaded."
          empty={reversed || rows.length === 0}
          emptyIcon={<ScrollText />}
          emptyTitle={filtered ? 'No entries match these filters' : 'No one has read anyone’s sensitive data yet'}
          emptyDescription={
            filtered
              ? 'Change or clear the filters to see more.'
              : 'Each time an administrator or a leader opens another member’s personal details, IDs, bank details or licences, or exports their data, it is recorded here.'
          }
        >
          {rows.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="min-w-44 align-top">
                <time dateTime={entry.at} className="whitespace-nowrap text-slate-900">
                  {formatManilaDateTime(entry.at)}
                </time>
                {/* Below md the other columns are hidden: what they say is shown here instead. */}
                <span className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600 md:hidden">
                  <span className="font-medium text-slate-800">{entry.what_label}</span>
                  {entry.detail && <span className="break-words">{entry.detail}</span>}
                  <span className="break-words">{`Read by ${nameWithId(entry.actor_name, entry.actor_id)}`}</span>
                  <span className="break-words">{`Member: ${nameWithId(entry.subject_name, entry.subject_id)}`}</span>
                  {entry.ip && <span className="break-all">{`From ${entry.ip}`}</span>}
                </span>
              </TableCell>
              <TableCell className="min-w-36 align-top max-md:hidden">
                <span className="font-medium break-words text-slate-900">{entry.actor_name}</span>
                <span className="block text-xs text-slate-500">{memberIdText(entry.actor_id)}</span>
              </TableCell>
              <TableCell className="min-w-36 align-top max-md:hidden">
                <span className="break-words text-slate-900">{entry.subject_name}</span>
                <span className="block text-xs text-slate-500">{memberIdText(entry.subject_id)}</span>
              </TableCell>
              <TableCell className="align-top whitespace-nowrap max-md:hidden">{entry.what_label}</TableCell>
              <TableCell className="min-w-32 align-top break-words max-md:hidden">{entry.detail ?? <Dash />}</TableCell>
              <TableCell className="align-top text-xs break-all text-slate-500 max-md:hidden">{entry.ip ?? <Dash />}</TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
      </Table>
      {!reversed && log.isSuccess && total > 0 && (
        <Pager
          noun="the access log"
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
    </Card>
  );
}
