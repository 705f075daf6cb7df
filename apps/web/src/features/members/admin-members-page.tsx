import { Check, KeyRound, MoreHorizontal, Pencil, ReceiptText, Trash2, Users } from 'lucide-react';
import { memo, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { MEMBER_STATUSES, type MemberStatus } from '@ahente/contract/enums';
import { MEMBER_PAGE_SIZES, type MemberListRecord, type MemberSortColumn } from '@ahente/contract/members';
import { MSG } from '@ahente/contract/messages';
import { isApiError } from '../../api/client';
import { useApproveMemberMutation, useDeactivateMemberMutation, useMemberSearch } from './api';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate } from '../../lib/dates';
import { fullName } from '@ahente/contract/names';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { ChangePasswordModal, EditMemberModal } from './edit-member-modal';
import { nextSort, SortableHeader, sortDescription, StatusFilter, type MemberSort } from './member-list-controls';
import { NameSearch } from './name-search';
import { nameWithId } from '@ahente/contract/labels';

const COLUMNS = 9;
/** Typing pauses this long before the server is asked (Enter asks at once). */
const SEARCH_DELAY_MS = 300;

type PageSize = (typeof MEMBER_PAGE_SIZES)[number];
type Action = 'edit' | 'sales' | 'password' | 'delete';
/** The open (or closing) dialog; `seq` gives each opening a fresh form. */
type Dialog = { action: Action; member: MemberListRecord; open: boolean; seq: number };

/** A reason from the server worth showing after the action's own words. */
function reason(error: unknown): string {
  return isApiError(error) && error.status < 500 ? ` ${error.error}` : '';
}

/** Why the list is empty, when a search, the status or the certification filter is on. */
function emptyDescription(search: string, noCertification: boolean, status: MemberStatus | null): string | undefined {
  const who = status ? `${status} member` : 'member';
  if (search && noCertification) return `No ${who} without a certification has a name containing “${search}”.`;
  if (search) return `No ${who}'s name contains “${search}”.`;
  if (noCertification) return status ? `Every ${who} has a certification on file.` : 'Every member has a certification on file.';
  if (status) return status === 'Pending' ? 'No sign-up is waiting for approval.' : `No member is ${status}.`;
  return undefined;
}

/** The URL's `?status=`: `/admin/adminmembers?status=Pending` opens the sign-ups waiting for approval. */
const STATUS_PARAM = 'status';
function statusFrom(params: URLSearchParams): MemberStatus | null {
  const value = params.get(STATUS_PARAM);
  return (MEMBER_STATUSES as readonly string[]).includes(value ?? '') ? (value as MemberStatus) : null;
}

/** The sortable columns' names, as their headers say them. */
const SORT_LABELS: Record<MemberSortColumn, string> = {
  id: 'ID',
  name: 'Full Name',
  username: 'Username',
  email: 'Email',
  referral_code: 'Referral Code',
  position: 'Position',
  reg_date: 'Registration Date',
  status: 'Status',
};

/**
 * /admin/adminmembers, 'Members Record' (decision 011): every active member, searched by name and
 * paged on the server, with the derived manager, the status badge, and per row Edit, Sales (the
 * member's sales, where an admin cancels one: decision 019), Approve, Change Password and Delete.
 * After any action the list reloads.
 */
/** A dialog about one member that another feature provides (the router passes it in: features stay independent). */
export type MemberDialog = ComponentType<{ member: MemberListRecord; open: boolean; onOpenChange: (open: boolean) => void }>;

/** `SalesDialog`: a member's sales, where an admin cancels one (features/sales, decision 019). */
export function AdminMembersPage({ SalesDialog }: { SalesDialog?: MemberDialog }) {
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(MEMBER_PAGE_SIZES[0]);
  // Only the members with no certification on file (decision 015: whom to remind).
  const [noCertification, setNoCertification] = useState(false);
  // One status (decision 011), kept in the address so a link can open the Pending sign-ups.
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params);
  const [order, setOrder] = useState<MemberSort>(null);
  const members = useMemberSearch(user.memberId, search, page, pageSize, noCertification, { ...(status ? { status } : {}), ...order });
  const approve = useApproveMemberMutation();
  const deactivate = useDeactivateMemberMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  // The search follows the box after a pause in typing; a new search starts at page 1.
  const runSearch = useCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  }, []);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = window.setTimeout(() => runSearch(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, runSearch]);

  // A page emptied by a deletion (or a shorter list after a reload) falls back to the last page.
  const total = members.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (members.isSuccess && !members.isPlaceholderData && page > lastPage) setPage(lastPage);

  const refresh = () => {
    setText('');
    const unchanged = search === '' && page === 1;
    setSearch('');
    setPage(1);
    if (unchanged) void members.refetch();
  };

  const chooseStatus = (next: MemberStatus | null) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(STATUS_PARAM, next);
        else updated.delete(STATUS_PARAM);
        return updated;
      },
      { replace: true },
    );
    setPage(1);
  };
  const sortBy = (column: MemberSortColumn) => {
    setOrder((current) => nextSort(current, column));
    setPage(1);
  };
  const sortable = { order, onSort: sortBy };

  const openDialog = useCallback(
    (action: Action, member: MemberListRecord) => setDialog((current) => ({ action, member, open: true, seq: (current?.seq ?? 0) + 1 })),
    [],
  );
  const closeDialog = useCallback((open: boolean) => {
    if (open) return;
    setDialog((current) => (current ? { ...current, open: false } : current));
  }, []);

  const approveMember = approve.mutate;
  const onApprove = useCallback(
    (member: MemberListRecord) => {
      approveMember(member.id, {
        onSuccess: () => toast.success(`${fullName(member)} is approved and can now log in.`),
        onError: (error) => toast.error(`Failed to approve ${fullName(member)}.${reason(error)}`),
      });
    },
    [approveMember],
  );

  const confirmDelete = () => {
    if (!dialog) return;
    const { member } = dialog;
    deactivate.mutate(member.id, {
      onSuccess: () => {
        toast.success(`${fullName(member)} was deleted and can no longer log in.`);
        closeDialog(false);
      },
      onError: (error) => toast.error(`Failed to delete ${fullName(member)}.${reason(error)}`),
    });
  };

  const rows = members.data?.rows ?? [];
  const first = (page - 1) * pageSize;

  return (
    <>
      <PageHeader title="Members Record" description="Every member of the agency: approve sign-ups, edit details, reset passwords." />
      <Card className="overflow-hidden">
        <NameSearch
          value={text}
          onChange={setText}
          onSubmit={() => runSearch(text)}
          onRefresh={refresh}
          refreshing={members.isFetching && !members.isPending}
        >
          <Checkbox
            label="No certification on file"
            checked={noCertification}
            onChange={(event) => {
              setNoCertification(event.target.checked);
              setPage(1);
            }}
            className="h-10"
          />
        </NameSearch>
        <div className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
          <StatusFilter value={status} counts={members.data?.counts} onChange={chooseStatus} />
          <p className="text-xs text-slate-500">{sortDescription(order, SORT_LABELS)}</p>
        </div>
        <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
        {/* Nine columns fit a laptop from 1280 px as a dense table (decision 024); phones scroll it. */}
        <Table caption="Members" aria-busy={members.isPending || members.isPlaceholderData || undefined} dense>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <SortableHeader column="id" numeric {...sortable}>
                ID
              </SortableHeader>
              <SortableHeader column="name" {...sortable}>
                Full Name
              </SortableHeader>
              <TableHeaderCell>Manager</TableHeaderCell>
              <SortableHeader column="email" {...sortable}>
                Email
              </SortableHeader>
              <SortableHeader column="referral_code" {...sortable}>
                Referral Code
              </SortableHeader>
              <SortableHeader column="reg_date" {...sortable}>
                Registration Date
              </SortableHeader>
              <SortableHeader column="status" {...sortable}>
                Status
              </SortableHeader>
              <TableHeaderCell sticky>Action</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={members}
            loadingLabel="Loading members…"
            skeletonClassName={(column) => (column === 2 || column === 4 ? 'h-4 w-32' : 'h-4 w-14')}
            errorMessage="The members could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<Users />}
            emptyTitle={MSG.noRecords}
            emptyDescription={emptyDescription(search, noCertification, status)}
          >
            {rows.map((member, index) => (
              <MemberRow
                key={member.id}
                member={member}
                number={first + index + 1}
                approving={approve.isPending && approve.variables === member.id}
                onAction={openDialog}
                onApprove={onApprove}
                withSales={SalesDialog !== undefined}
                isSelf={member.id === user.memberId}
              />
            ))}
          </TableBodyStates>
        </Table>
        {members.isSuccess && total > 0 && (
          <Pager
            noun="members"
            pageSizes={MEMBER_PAGE_SIZES}
            page={page}
            lastPage={lastPage}
            first={first + 1}
            last={first + rows.length}
            total={total}
            pageSize={pageSize}
            loading={members.isPlaceholderData}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        )}
      </Card>

      {dialog?.action === 'edit' && (
        <EditMemberModal key={dialog.seq} member={dialog.member} open={dialog.open} onOpenChange={closeDialog} />
      )}
      {dialog?.action === 'sales' && SalesDialog && (
        <Suspense fallback={null}>
          <SalesDialog key={dialog.seq} member={dialog.member} open={dialog.open} onOpenChange={closeDialog} />
        </Suspense>
      )}
      {dialog?.action === 'password' && (
        <ChangePasswordModal key={dialog.seq} member={dialog.member} open={dialog.open} onOpenChange={closeDialog} />
      )}
      {dialog?.action === 'delete' && (
        <ConfirmDialog
          key={dialog.seq}
          open={dialog.open}
          onOpenChange={closeDialog}
          title="Are you sure you want to delete this member?"
          description={
            <p>
              <strong className="font-semibold text-slate-900">{nameWithId(fullName(dialog.member), dialog.member.id)}</strong> will no
              longer be able to log in and leaves this list. Their deals, sales and place in the hierarchy are kept.
            </p>
          }
          confirmLabel="Delete"
          busy={deactivate.isPending}
          onConfirm={confirmDelete}
        />
      )}
    </>
  );
}

/** One member; memoised so typing in the search box does not re-render the table. */
const MemberRow = memo(function MemberRow({
  member,
  number,
  approving,
  onAction,
  onApprove,
  withSales,
  isSelf,
}: {
  member: MemberListRecord;
  number: number;
  approving: boolean;
  onAction: (action: Action, member: MemberListRecord) => void;
  /** Whether the row's menu offers the member's sales. */
  withSales: boolean;
  /** The admin's own row: no Delete (the server refuses it too: 409). */
  isSelf: boolean;
  onApprove: (member: MemberListRecord) => void;
}) {
  const name = fullName(member);
  const approved = member.status === 'Approved';
  return (
    <TableRow>
      <TableCell numeric className="text-slate-500">
        {number}
      </TableCell>
      <TableCell numeric>{member.id}</TableCell>
      <TableCell className="min-w-36 font-medium text-slate-900">{name}</TableCell>
      <TableCell className="min-w-32">{member.manager_details ? fullName(member.manager_details) : '—'}</TableCell>
      <TableCell className="whitespace-nowrap">{member.email}</TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap">{member.referral_code}</TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={member.reg_date}>{formatCalendarDate(member.reg_date)}</time>
      </TableCell>
      <TableCell>
        <Badge tone={approved ? 'success' : 'danger'} dot>
          {member.status}
        </Badge>
      </TableCell>
      <TableCell sticky>
        <DropdownMenu
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`} loading={approving}>
              {!approving && <MoreHorizontal aria-hidden="true" />}
            </Button>
          }
        >
          <DropdownMenuItem icon={<Pencil />} onSelect={() => onAction('edit', member)}>
            Edit
          </DropdownMenuItem>
          {withSales && (
            <DropdownMenuItem icon={<ReceiptText />} onSelect={() => onAction('sales', member)}>
              Sales
            </DropdownMenuItem>
          )}
          <DropdownMenuItem icon={<Check />} disabled={approved} onSelect={() => onApprove(member)}>
            Approve
          </DropdownMenuItem>
          <DropdownMenuItem icon={<KeyRound />} onSelect={() => onAction('password', member)}>
            Change Password
          </DropdownMenuItem>
          {!isSelf && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => onAction('delete', member)}>
                Delete
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenu>
      </TableCell>
    </TableRow>
  );
});
