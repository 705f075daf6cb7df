import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { todayInManila } from '@ahente/contract/dates';
import type { CourseSummary } from '@ahente/contract/university';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { buttonClasses } from '../../ui/button';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { useCourses } from './api';

const STATE_TONES: Record<CourseSummary['progress']['state'], BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'info',
  completed: 'success',
  expired: 'warning',
};

type Section = 'required' | 'in_progress' | 'completed' | 'expired' | 'available';

/** Which list of the catalogue a course is in: required and not completed first, then by the member's progress. */
function sectionOf(c: CourseSummary): Section {
  if (c.required_for_member && c.progress.state !== 'completed') return 'required';
  if (c.progress.state === 'in_progress') return 'in_progress';
  if (c.progress.state === 'completed') return 'completed';
  if (c.progress.state === 'expired') return 'expired';
  return 'available';
}

/** A progress bar with its percentage said in words. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div>
      <div
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-blue-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{label}</p>
    </div>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useLanguage();
  const today = todayInManila();
  const overdue = course.due_date !== null && course.due_date < today && course.progress.state !== 'completed';
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words text-slate-900">{course.title}</h3>
        <div className="flex flex-wrap gap-1.5">
          {course.status === 'draft' && <Badge tone="warning">{t('university.draft')}</Badge>}
          <Badge tone={STATE_TONES[course.progress.state]}>{t(`university.states.${course.progress.state}`)}</Badge>
        </div>
      </div>
      {course.description && <p className="text-sm text-slate-600">{course.description}</p>}
      <p className="text-xs text-slate-500">
        {t('university.modules', { count: course.module_count })}
        {course.has_quiz ? ` · ${t('university.withQuiz')}` : ''}
      </p>
      {course.required_for_member && course.due_date && course.progress.state !== 'completed' && (
        <p className={overdue ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-amber-800'}>
          {overdue
            ? t('university.overdue', { date: formatCalendarDate(course.due_date) })
            : t('university.dueOn', { date: formatCalendarDate(course.due_date) })}
        </p>
      )}
      {course.progress.state === 'in_progress' && (
        <ProgressBar percent={course.progress.percent} label={t('university.percentDone', { percent: course.progress.percent })} />
      )}
      {course.certificate && (
        <p className="text-xs text-slate-600">
          {course.certificate.valid_until
            ? t('university.certificateValid', { date: formatCalendarDate(course.certificate.valid_until) })
            : t('university.certificateNoExpiry')}
        </p>
      )}
      <div className="mt-auto">
        <Link
          to={`/university/${course.id}`}
          className={buttonClasses({ size: 'sm' })}
          aria-label={t('university.openCourse', { title: course.title })}
        >
          {t('university.open')}
        </Link>
      </div>
    </Card>
  );
}

/**
 * /university: the catalogue (issue 47): the courses required of the member (with their due
 * dates), in progress, completed and expired, then the others. One column on a phone.
 */
export function UniversityPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const courses = useCourses(user.memberId);
  const list = courses.data?.courses ?? [];
  const sections: Section[] = ['required', 'in_progress', 'expired', 'completed', 'available'];

  return (
    <>
      <PageHeader title={t('university.title')} description={t('university.description')} />
      {courses.isPending && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t('university.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      )}
      {courses.isError && <Notice tone="error">{t('university.failed')}</Notice>}
      {courses.isSuccess && list.length === 0 && (
        <Card>
          <EmptyState icon={<GraduationCap />} title={t('university.none')} description={t('university.noneDescription')} />
        </Card>
      )}
      {sections.map((section) => {
        const items = list.filter((c) => sectionOf(c) === section);
        if (items.length === 0) return null;
        return (
          <section key={section} aria-labelledby={`university-${section}`} className="mb-6">
            <h2 id={`university-${section}`} className="mb-3 text-lg font-semibold text-slate-900">
              {t(`university.sections.${section}`)}
            </h2>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {items.map((c) => (
                <CourseCard key={c.id} course={c} />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
