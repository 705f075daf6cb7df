import { ArrowRight, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { todayInManila } from '@ahente/contract/dates';
import { licenceCover, linesFor, linesLabel } from '@ahente/contract/licence-rules';
import { useLicences } from '../licences';
import { useLanguage } from '../../i18n';
import { formatCalendarDate } from '../../lib/dates';

/**
 * 'Make as Sales' before the sale is saved (decision 018): when no verified licence of the
 * product's lines covers the day the sale is recorded (today, Manila: the day the server judges the
 * commission by, not the policy's effective date), it says so, what happens (the sale is saved, its
 * commission held until a licence is verified), and leads to Settings, Licences. The rule is
 * `licenceCover`, the hold's own. Nothing while the licences load, for a product outside the
 * catalogue, or when a verified licence covers the day.
 */
export function SaleLicenceWarning({ memberId, product }: { memberId: number; product: string }) {
  const { t } = useLanguage();
  const headingId = useId();
  const licences = useLicences(memberId);
  const lines = linesFor(product);
  if (!licences.data || lines.length === 0) return null;
  const today = todayInManila();
  const cover = licenceCover(licences.data, lines, today);
  if (cover === 'verified') return null;
  const label = linesLabel(lines);

  return (
    <section
      aria-labelledby={headingId}
      className="mb-5 flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="min-w-0">
        <h3 id={headingId} className="font-semibold">
          {t('firstSteps.saleHeldTitle')}
        </h3>
        <p className="mt-1">
          {cover === 'pending'
            ? t('firstSteps.salePendingLicence', { lines: label })
            : t('firstSteps.saleNoLicence', { lines: label, date: formatCalendarDate(today) })}{' '}
          {t('firstSteps.saleHeldWhat', { lines: label })}
        </p>
        <Link
          to="/settings/licences"
          className="mt-2 inline-flex items-center gap-1 font-semibold text-amber-900 underline underline-offset-4 hover:text-amber-950 [&_svg]:size-4"
        >
          {t('firstSteps.saleAddLicence')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
