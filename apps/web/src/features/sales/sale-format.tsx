import type { TFunction } from 'i18next';
import { formatPeso } from '@ahente/contract/money';
import type { SaleRecord, SaleVerification } from '@ahente/contract/sales';
import { SALE_VERIFICATION_LABELS } from '@ahente/contract/sales-rules';
import { Badge, type BadgeTone } from '../../ui/badge';
import { useLanguage } from '../../i18n';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { EmailAddress } from '../../ui/unbroken';

const TONES: Record<SaleVerification, BadgeTone> = { unverified: 'warning', verified: 'success', rejected: 'danger' };

type Cancellation = Pick<SaleRecord, 'cancelled_on' | 'cancel_reason' | 'refund' | 'cancelled_by_name'>;

/** A sale's verification by the agency (decision 018): the word says it, the colour only repeats it. */
export function SaleVerificationBadge({ verification }: { verification: SaleVerification }) {
  return (
    <Badge tone={TONES[verification]} dot>
      {SALE_VERIFICATION_LABELS[verification]}
    </Badge>
  );
}

/** A sale's state in one badge: Cancelled once cancelled (decision 019), otherwise its verification. */
export function SaleStateBadge({ sale }: { sale: Pick<SaleRecord, 'verification' | 'cancelled_on'> }) {
  if (sale.cancelled_on !== null) {
    return (
      <Badge tone="neutral" dot>
        Cancelled
      </Badge>
    );
  }
  return <SaleVerificationBadge verification={sale.verification} />;
}

/**
 * A cancellation as a sentence in the reader's language: "Cancelled on Nov 20, 2026 by Ana Admin:
 * Free-look cancellation · refund ₱1,000.00" (who and the refund left out when unknown); null while
 * the sale is in force.
 */
export function cancellationText(sale: Cancellation, t: TFunction): string | null {
  if (sale.cancelled_on === null) return null;
  const by = sale.cancelled_by_name ? ` ${t('sales.cancelledBy', { name: sale.cancelled_by_name })}` : '';
  const why = sale.cancel_reason ? `: ${sale.cancel_reason}` : '';
  const refund = sale.refund !== null ? ` · ${t('sales.refund', { amount: formatPeso(sale.refund) })}` : '';
  return `${t('sales.cancelledOn', { date: formatCalendarDate(sale.cancelled_on) })}${by}${why}${refund}`;
}

/**
 * A sale's verification with what the agent needs to know of it: who verified it and when, or a
 * rejection's reason (its deal may be made into a sale again); once cancelled, who cancelled it,
 * when, why and the refund.
 */
export function VerificationDetails({
  sale,
}: {
  sale: Pick<SaleRecord, 'verification' | 'verified_at' | 'verified_by_name' | 'rejection_reason'> &
    Partial<Pick<SaleRecord, 'verified_from'>> &
    Cancellation;
}) {
  const { t } = useLanguage();
  const when = sale.verified_at ? formatTimestampParts(sale.verified_at).date : null;
  const cancelled = cancellationText(sale, t);
  if (cancelled) {
    return (
      <>
        <SaleStateBadge sale={sale} />
        <span className="mt-1 block text-xs break-words text-slate-600">{cancelled}</span>
      </>
    );
  }
  return (
    <>
      <SaleVerificationBadge verification={sale.verification} />
      {sale.verification === 'rejected' && sale.rejection_reason && (
        <span className="mt-1 block text-xs break-words text-red-800">{t('sales.rejectionReason', { reason: sale.rejection_reason })}</span>
      )}
      {sale.verification !== 'unverified' && when && (
        <span className="mt-0.5 block text-xs text-slate-500">
          <time dateTime={sale.verified_at ?? undefined}>{when}</time>
          {sale.verified_by_name ? ` · ${sale.verified_by_name}` : ''}
        </span>
      )}
      {sale.verification === 'verified' && sale.verified_from && (
        <span className="mt-0.5 block text-xs text-slate-600">
          {t('sales.verifiedFrom', {
            insurer: sale.verified_from.insurer,
            period: sale.verified_from.period,
            line: sale.verified_from.row_no,
          })}
        </span>
      )}
    </>
  );
}

/**
 * The client's contact number and e-mail under their name (decision 025), each on its own line; an
 * e-mail may break before a '.' or its '@', never inside a word (decision 023). Nothing when the
 * sale has neither.
 */
export function ClientContact({ sale }: { sale: Pick<SaleRecord, 'customer_contact' | 'customer_email'> }) {
  if (!sale.customer_contact && !sale.customer_email) return null;
  return (
    <span className="mt-0.5 block text-xs text-slate-500">
      {sale.customer_contact && (
        <span className="block tabular-nums">
          <span className="sr-only">Contact number: </span>
          {sale.customer_contact}
        </span>
      )}
      {sale.customer_email && (
        <span className="block">
          <span className="sr-only">Email: </span>
          <EmailAddress value={sale.customer_email} />
        </span>
      )}
    </span>
  );
}

/**
 * The policy's last day of cover under its effective date (decision 025): "to Nov 24, 2027", read
 * as "expires Nov 24, 2027" (in Filipino "hanggang …", read "mag-e-expire sa …", decision 023). In
 * the Effective Date column rather than a column of its own, so that the Sales table still fits its
 * card from 1280 px (decision 024). Nothing for a Memorial Plan.
 */
export function PolicyTermEnd({ expiry }: { expiry: string | null }) {
  const { t } = useLanguage();
  if (!expiry) return null;
  return (
    <span className="mt-0.5 block text-xs whitespace-nowrap text-slate-500">
      <span aria-hidden="true">{t('sales.termTo')} </span>
      <span className="sr-only">{t('sales.termExpires')} </span>
      <time dateTime={expiry}>{formatCalendarDate(expiry)}</time>
    </span>
  );
}
