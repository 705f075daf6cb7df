import { ArrowRight, CheckCircle2, Circle, CircleDashed, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import type { SetupChecklistItem, SetupState } from '@ahente/contract/setup-checklist';
import { useCurrentUser } from '../../api/session';
import { useSetupChecklist } from './api';
import { useLanguage } from '../../i18n';
import { cn } from '../../lib/cn';
import { requestProfilePhotoChange } from '../../lib/profile-photo-request';
import { Badge, type BadgeTone } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { CardSection } from '../../ui/card';

const TONES: Record<SetupState, BadgeTone> = { todo: 'warning', awaiting: 'info', done: 'success' };
// An icon no other screen uses: one shared with another screen (the login page's Clock, Coming Soon's
// Hourglass) became a chunk of its own in the dashboard's first load (decision 014).
const ICONS = { todo: Circle, awaiting: CircleDashed, done: CheckCircle2 } as const;
const ICON_COLOURS: Record<SetupState, string> = { todo: 'text-amber-600', awaiting: 'text-sky-600', done: 'text-green-600' };

/** Where each item is done: its Settings tab (the photo: the profile popup's dialog). */
const TABS = {
  licence: { to: '/settings/licences', label: 'firstSteps.openLicences' },
  bank: { to: '/settings/bankdetails', label: 'firstSteps.openBank' },
  tin: { to: '/settings/userdetails', label: 'firstSteps.openPersonal' },
  certification: { to: '/settings/certifications', label: 'firstSteps.openCertifications' },
} as const;

/**
 * A new member's first steps (decision 018), for agents: a licence for the lines they sell, bank
 * details, TIN, certification and a profile photo, each with its state (to do, awaiting
 * verification, done, decided by the server: POST /api/setupchecklist) and the way to where it is
 * done. Shown until every item is done; nothing while loading or on failure (the cards say enough).
 * It takes the place of the certification reminder of decision 015, whose lines are its
 * certification item.
 */
export function SetupChecklist({ className }: { className?: string }) {
  const user = useCurrentUser();
  const checklist = useSetupChecklist(user.memberId, user.account_type === 'user');
  const { t } = useLanguage();
  if (user.account_type !== 'user' || !checklist.data || checklist.data.done) return null;
  const { items } = checklist.data;
  const done = items.filter((i) => i.state === 'done').length;

  return (
    <CardSection
      title={t('firstSteps.checklistTitle')}
      icon={<ListChecks />}
      description={t('firstSteps.checklistDescription')}
      className={className}
      bodyClassName="px-0 pt-3 pb-1"
    >
      <p className="px-5 pb-3 text-sm font-medium text-slate-700 tabular-nums">{t('firstSteps.progress', { done, total: items.length })}</p>
      <ul className="divide-y divide-slate-100 border-t border-slate-100">
        {items.map((item) => (
          <ChecklistRow key={item.item} item={item} />
        ))}
      </ul>
    </CardSection>
  );
}

function ChecklistRow({ item }: { item: SetupChecklistItem }) {
  const { t } = useLanguage();
  const Icon = ICONS[item.state];
  const title = t(`firstSteps.${item.item}`);
  const linkClass = buttonClasses({ variant: 'outline', size: 'sm', className: 'shrink-0 gap-1 [&_svg]:size-4' });
  return (
    <li className="flex flex-col gap-3 px-5 py-3.5 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', ICON_COLOURS[item.state])} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
            <Badge tone={TONES[item.state]}>{t(`firstSteps.${item.state}`)}</Badge>
          </div>
          <ul className="mt-0.5 text-sm text-slate-600">
            {detailLines(item, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      {item.state !== 'done' &&
        (item.item === 'photo' ? (
          <button type="button" className={cn(linkClass, 'ml-8 self-start sm:ml-0 sm:self-auto')} onClick={requestProfilePhotoChange}>
            {t('firstSteps.addPhoto')}
          </button>
        ) : (
          <Link to={TABS[item.item].to} className={cn(linkClass, 'ml-8 self-start sm:ml-0 sm:self-auto')}>
            {t(TABS[item.item].label)}
            <ArrowRight aria-hidden="true" />
          </Link>
        ))}
    </li>
  );
}

/** What an item's state means, in a line or two. */
function detailLines(item: SetupChecklistItem, t: ReturnType<typeof useLanguage>['t']): string[] {
  switch (item.item) {
    case 'licence':
      if (item.state === 'done') return [t('firstSteps.licenceDone')];
      if (item.state === 'awaiting') return [t('firstSteps.licenceAwaiting')];
      return [item.lines.length > 0 ? t('firstSteps.licenceLines', { lines: item.lines.join('; ') }) : t('firstSteps.licenceAny')];
    case 'certification':
      if (item.state === 'done') return [t('firstSteps.certificationDone')];
      return item.gaps.map((gap) =>
        gap === 'none'
          ? t('reminders.certificationNone')
          : gap === 'coding_dates'
            ? t('reminders.certificationCoding')
            : t('reminders.certificationTlc'),
      );
    case 'bank':
      return [item.state === 'done' ? t('firstSteps.bankDone') : t('firstSteps.bankTodo')];
    case 'tin':
      return [item.state === 'done' ? t('firstSteps.tinDone') : t('firstSteps.tinTodo')];
    case 'photo':
      return [item.state === 'done' ? t('firstSteps.photoDone') : t('firstSteps.photoTodo')];
  }
}
