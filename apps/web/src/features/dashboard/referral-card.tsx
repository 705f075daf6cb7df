import { Copy, Gift } from 'lucide-react';
import { useCurrentUser } from '../../api/session';
import { copyReferralLink, referralLink } from '../../ui/referral-link';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useLanguage } from '../../i18n';

/** The member's referral link, ready to share. */
export function ReferralCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const link = referralLink(user.referral_code);
  const { t } = useLanguage();

  return (
    <CardSection
      title={t('dashboard.referralTitle')}
      description={t('dashboard.referralDescription')}
      icon={<Gift />}
      className={className}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label={t('dashboard.referralLink')} className="min-w-0 flex-1">
          <Input readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="text-slate-700" />
        </Field>
        <Button variant="primary" onClick={() => void copyReferralLink(user.referral_code)} className="sm:w-auto">
          <Copy aria-hidden="true" />
          {t('dashboard.copyLink')}
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-500">
        {t('dashboard.yourCode')}{' '}
        <span className="rounded-md bg-slate-100 px-1.5 py-0.5 font-semibold tracking-widest text-slate-800">{user.referral_code}</span>
      </p>
    </CardSection>
  );
}
