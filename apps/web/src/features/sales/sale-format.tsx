import { SALE_VERIFICATION_LABELS, type SaleRecord, type SaleVerification } from '@ahente/contract/sales';
import { Badge, type BadgeTone } from '../../ui/badge';
import { formatTimestampParts } from '../../lib/dates';

const TONES: Record<SaleVerification, BadgeTone> = { unverified: 'warning', verified: 'success', rejected: 'danger' };

/** A sale's verification by the agency (issue 20): the word says it, the colour only repeats it. */
export function SaleVerificationBadge({ verification }: { verification: SaleVerification }) {
  return (
    <Badge tone={TONES[verification]} dot>
      {SALE_VERIFICATION_LABELS[verification]}
    </Badge>
  );
}

/**
 * A sale's verification with what the agent needs to know of it: who verified it and when, or a
 * rejection's reason (its deal may be made into a sale again).
 */
export function VerificationDetails({
  sale,
}: {
  sale: Pick<SaleRecord, 'verification' | 'verified_at' | 'verified_by_name' | 'rejection_reason'>;
}) {
  const when = sale.verified_at ? formatTimestampParts(sale.verified_at).date : null;
  return (
    <>
      <SaleVerificationBadge verification={sale.verification} />
      {sale.verification === 'rejected' && sale.rejection_reason && (
        <span className="mt-1 block text-xs break-words text-red-800">{`Reason: ${sale.rejection_reason}`}</span>
      )}
      {sale.verification !== 'unverified' && when && (
        <span className="mt-0.5 block text-xs text-slate-500">
          <time dateTime={sale.verified_at ?? undefined}>{when}</time>
          {sale.verified_by_name ? ` · ${sale.verified_by_name}` : ''}
        </span>
      )}
    </>
  );
}
