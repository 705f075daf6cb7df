import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { useCourses } from '../university';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate } from '../../lib/dates';
import { CardSection } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';

/** The dashboard's University card (issue 47): the required courses not yet completed, their due dates and how far the member is. */
export function UniversityCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const courses = useCourses(user.memberId);
  const { t } = useLanguage();
  const due = (courses.data?.courses ?? []).filter((c) => c.required_for_member && c.progress.state !== 'completed');
  return (
    <CardSection
      title={t('university.card.title')}
      icon={<GraduationCap />}
      className={className}
      aria-busy={courses.isPending || undefined}
    >
      {courses.isPending && <Skeleton className="h-16" />}
      {courses.isError && <Notice tone="error">{t('university.card.failed')}</Notice>}
      {courses.isSuccess &&
        (due.length === 0 ? (
          <p className="text-sm text-slate-600">{t('university.card.allDone')}</p>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-700">{t('university.card.requiredDue')}</p>
            <ul className="mt-2 flex flex-col gap-2">
              {due.slice(0, 4).map((c) => (
                <li key={c.id} className="text-sm">
                  <Link to={`/university/${c.id}`} className="font-medium break-words text-blue-700 underline hover:text-blue-800">
                    {c.title}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {t('university.percentDone', { percent: c.progress.percent })}
                    {c.due_date ? ` · ${t('university.dueOn', { date: formatCalendarDate(c.due_date) })}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ))}
      <CardLink to="/university">{t('university.card.view')}</CardLink>
    </CardSection>
  );
}
