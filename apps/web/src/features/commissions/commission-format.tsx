import { COMMISSION_KINDS, formatRate, type EntryStatus } from '@ahente/contract/commissions';
import { labelOf, POSITION_LABELS } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Dash } from '../../ui/dash';
import { cn } from '../../lib/cn';
import { formatCalendarDate } from '../../lib/dates';
import { useLanguage } from '../../i18n';
import './i18n';

/** A schedule key as it reads: a product's or a position's label (decision 023). */
export function keyLabel(key: string): string {
  return (POSITION_LABELS as Record<string, string | undefined>)[key] ?? labelOf('product', key);
}

/** The kind filter's options, in the current language: every kind, then each one (the value sent stays the kind). */
export function kindOptions(t: ReturnType<typeof useLanguage>['t']): { value: string; label: string }[] {
  return [
    { value: '', label: t('commissions.allKinds') },
    ...COMMISSION_KINDS.map((kind) => ({ value: kind, label: t(`commissions.kinds.${kind}`) })),
  ];
}

/**
 * A peso amount that may be negative (an adjustment, a total after a deduction): the minus sign is
 * always written ("-₱500.00", read "minus"), and a deduction is also red, never by colour alone.
 */
export function Amount({ value, className }: { value: number; className?: string }) {
  return <span className={cn('tabular-nums', value < 0 && 'font-medium text-red-700', className)}>{formatPeso(value)}</span>;
}

const TONES: Record<EntryStatus, BadgeTone> = {
  awaiting: 'neutral',
  held: 'warning',
  open: 'info',
  posted: 'brand',
  paid: 'success',
  forfeited: 'danger',
  rejected: 'danger',
};

/**
 * Where an entry stands (decisions 016 and 018): awaiting its sale's verification, held for a
 * licence, open this month, on a statement, paid, forfeited, or of a rejected sale. The word says
 * it.
 */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  const { t } = useLanguage();
  return (
    <Badge tone={TONES[status]} dot>
      {t(`commissions.statuses.${status}`)}
    </Badge>
  );
}

/** A statement's payment: 'Paid' with its date, or 'Unpaid'. */
export function PaidBadge({ paidOn }: { paidOn: string | null }) {
  const { t } = useLanguage();
  return paidOn ? (
    <Badge tone="success" dot>
      {t('commissions.paid')}
    </Badge>
  ) : (
    <Badge tone="warning" dot>
      {t('commissions.unpaid')}
    </Badge>
  );
}

/**
 * A member's statement as it stands (decision 019): 'Carried forward' when its net was below the
 * minimum payout or below zero (it opens the next statement), otherwise Paid or Unpaid.
 */
export function StatementStatusBadge({ carried, paidOn }: { carried: boolean; paidOn: string | null }) {
  const { t } = useLanguage();
  if (carried) {
    return (
      <Badge tone="info" dot>
        {t('commissions.carriedForward')}
      </Badge>
    );
  }
  return <PaidBadge paidOn={paidOn} />;
}

/** A statement's tax withheld as its rate and ATC read: "5% · WI070". */
export const withholdingLabel = (s: { withholding_rate: number; atc: string }) => `${formatRate(s.withholding_rate)} · ${s.atc}`;

/** A statement's payment: its date and the bank's reference, or a dash while unpaid. */
export function PaymentDetails({ paidOn, reference }: { paidOn: string | null; reference: string | null }) {
  const { t } = useLanguage();
  if (!paidOn) return <Dash />;
  return (
    <>
      <time dateTime={paidOn} className="whitespace-nowrap">
        {formatCalendarDate(paidOn)}
      </time>
      {reference && <span className="block text-xs break-words text-slate-500">{t('commissions.reference', { reference })}</span>}
    </>
  );
}
