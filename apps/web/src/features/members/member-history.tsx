import { History, RotateCw } from 'lucide-react';
import { labelOf, type LabelKind } from '@ahente/contract/labels';
import type { MemberAuditAction, MemberAuditEntry } from '@ahente/contract/members';
import { useMemberHistory } from './api';
import { formatTimestampParts, readableDates } from '../../lib/dates';
import { fullName } from '@ahente/contract/names';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { nameWithId } from '@ahente/contract/labels';

const ACTIONS: Record<MemberAuditAction, string> = {
  approved: 'Approved',
  edited: 'Edited',
  password_changed: 'Password changed',
  deactivated: 'Deleted (deactivated)',
  bank_details_changed: 'Bank details changed',
  licence_added: 'Licence added',
  licence_verified: 'Licence verified',
  licence_rejected: 'Licence rejected',
  commission_released: 'Held commission released',
  commission_forfeited: 'Held commission forfeited',
  signed_out_everywhere: 'Signed out everywhere',
  mfa_reset: 'Two-factor sign-in turned off',
  email_changed: 'Email changed by the member',
  email_change_reported: 'Email change reported as not theirs',
};

/** How the edit modal names each field of a member. */
export const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  email: 'Email',
  f_name: 'First Name',
  m_name: 'Middle Name',
  l_name: 'Last Name',
  contact_no: 'Contact No',
  address: 'Address',
  address_number: 'Unit/House Number',
  address_street: 'Street',
  address_region: 'Region',
  address_city: 'City',
  address_barangay: 'Barangay',
  tin: 'TIN',
  referral_code: 'Referral Code',
  account_type: 'Account Type',
  position: 'Position',
  reg_date: 'Registration Date',
  status: 'Status',
  bank_name: 'Bank',
  account_number: 'Account Number',
  account_name: 'Account Name',
  licence: 'Licence',
  entry: 'Commission entry',
  reason: 'Reason',
};

/** The fields whose values are catalogue values: their changes read as labels (decision 023). */
const VALUE_KINDS: Record<string, LabelKind | undefined> = { account_type: 'accountType', position: 'position', status: 'memberStatus' };

/** A changed value as a person reads it. */
function valueText(field: string, value: string | null): string {
  if (value === null) return '—';
  const kind = VALUE_KINDS[field];
  // A date inside a value reads as a date (decision 023): 'Non-Life, 2026-01-05 to 2029-01-04' →
  // 'Non-Life, Jan 5, 2026 to Jan 4, 2029'.
  return kind ? labelOf(kind, value) : readableDates(value);
}

/** The member's history in the edit modal (the audit trail, decision 011): who, when and what, newest first. */
export function MemberHistory({ memberId }: { memberId: number }) {
  const history = useMemberHistory(memberId);
  return (
    <section aria-labelledby={`history-${memberId}`} aria-busy={history.isPending || undefined}>
      <h3 id={`history-${memberId}`} className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        <History aria-hidden="true" className="size-4" />
        History
      </h3>
      {history.isPending ? (
        <div className="mt-3 flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
          <span className="sr-only" role="status">
            Loading history…
          </span>
        </div>
      ) : history.isError ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <p className="font-medium text-slate-700">The history could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()} loading={history.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : history.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No administrator has changed this member yet.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2">
          {history.data.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryEntry({ entry }: { entry: MemberAuditEntry }) {
  const when = formatTimestampParts(entry.at);
  // A password is never shown, whatever the server sends.
  const changes = entry.changes.filter((c) => c.field !== 'password');
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2.5 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="font-medium text-slate-900">{ACTIONS[entry.action]}</span>
        <span className="text-slate-600">
          by {entry.actor ? nameWithId(fullName(entry.actor), entry.actor.id) : 'a removed administrator'}
        </span>
        <time dateTime={entry.at} className="text-xs text-slate-500">
          {when.date} {when.time}
        </time>
      </p>
      {changes.length > 0 && (
        <ul className="mt-1.5 flex flex-col gap-0.5 text-slate-600">
          {changes.map((change) => (
            <li key={change.field} className="[overflow-wrap:anywhere]">
              <span className="font-medium text-slate-700">{FIELD_LABELS[change.field] ?? change.field}:</span>{' '}
              {valueText(change.field, change.from)} → {valueText(change.field, change.to)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
