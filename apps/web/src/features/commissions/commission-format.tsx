import { COMMISSION_KIND_LABELS, COMMISSION_KINDS, type EntryStatus } from '@ahente/contract/commissions';
import { POSITION_LABELS } from '@ahente/contract/enums';
import { formatPeso } from '@ahente/contract/money';
import { Badge, type BadgeTone } from '../../ui/badge';
import { cn } from '../../lib/cn';
import { formatCalendarDate } from '../../lib/dates';

/** A schedule key as it reads: a product as spelt in the catalogue, a position in words. */
export function keyLabel(key: string): string {
  return (POSITION_LABELS as Record<string, string>)[key] ?? key;
}

/** The kind filter's options: every kind, then each one. */
export const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...COMMISSION_KINDS.map((kind) => ({ value: kind, label: COMMISSION_KIND_LABELS[kind] })),
];

/**
 * A peso amount that may be negative (an adjustment, a total after a deduction): the minus sign is
 * always written ("-₱500.00", read "minus"), and a deduction is also red, never by colour alone.
 */
export function Amount({ value, className }: { value: number; className?: string }) {
  return <span className={cn('tabular-nums', value < 0 && 'font-medium text-red-700', className)}>{formatPeso(value)}</span>;
}

const STATUS: Record<EntryStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'info' },
  posted: { label: 'On statement', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
};

/** Where an entry stands: open this month, on a statement to be paid, or paid. The word says it. */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  return (
    <Badge tone={STATUS[status].tone} dot>
      {STATUS[status].label}
    </Badge>
  );
}

/** A statement's payment: 'Paid' with its date, or 'Unpaid'. */
export function PaidBadge({ paidOn }: { paidOn: string | null }) {
  return paidOn ? (
    <Badge tone="success" dot>
      Paid
    </Badge>
  ) : (
    <Badge tone="warning" dot>
      Unpaid
    </Badge>
  );
}

/** A statement's payment: its date and the bank's reference, or a dash while unpaid. */
export function PaymentDetails({ paidOn, reference }: { paidOn: string | null; reference: string | null }) {
  if (!paidOn) return <Dash />;
  return (
    <>
      <time dateTime={paidOn} className="whitespace-nowrap">
        {formatCalendarDate(paidOn)}
      </time>
      {reference && <span className="block text-xs break-words text-slate-500">Ref. {reference}</span>}
    </>
  );
}

/** An empty optional value: shown as a dash, read as "none". */
export function Dash() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  );
}
