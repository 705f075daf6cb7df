import { ArrowLeft, Award, CheckCircle2, Circle, Download, ExternalLink, FileText, PlayCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { CourseModuleRecord, CourseRecord, SubmitQuizResponse } from '@ahente/contract/university';
import { downloadFile, isApiError } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardSection } from '../../ui/card';
import { Markdown } from '../../ui/markdown';
import { Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { downloadCertificate, useCompleteModule, useCourse, useSubmitQuiz } from './api';
import { ProgressBar } from './university-page';

const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.error : fallback);

/** One module of the checklist: a text read to its end, a material opened, a video watched; then marked done. */
function ModuleItem({ module, index, onDone, busy }: { module: CourseModuleRecord; index: number; onDone: () => void; busy: boolean }) {
  const { t } = useLanguage();
  const [open, setOpen] = useState(!module.done && index === 0);
  const [opened, setOpened] = useState(false);
  const Icon = module.kind === 'video' ? PlayCircle : FileText;
  return (
    <li className="rounded-lg border border-slate-200">
      <button
        type="button"
        className="flex w-full items-center gap-3 p-3 text-left"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {module.done ? (
          <CheckCircle2 className="size-5 shrink-0 text-green-600" aria-label={t('university.done')} />
        ) : (
          <Circle className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        )}
        <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900">{module.title}</span>
      </button>
      {open && (
        <div className="border-t border-slate-100 p-3">
          {module.kind === 'text' && module.body !== null && <Markdown source={module.body} />}
          {module.kind === 'material' && module.material_id !== null && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setOpened(true);
                void downloadFile('downloadMaterial', { params: { id: module.material_id! } }, module.material_title ?? 'material');
              }}
            >
              <Download aria-hidden="true" />
              {t('university.openMaterial')}
              {module.material_title ? `: ${module.material_title}` : ''}
            </Button>
          )}
          {module.kind === 'video' && module.url && (
            <a
              href={module.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpened(true)}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <ExternalLink aria-hidden="true" />
              {t('university.watchVideo')}
            </a>
          )}
          {!module.done && (
            <div className="mt-3">
              <Button size="sm" onClick={onDone} disabled={busy || (module.kind === 'material' && !opened)}>
                {module.kind === 'text'
                  ? t('university.markRead')
                  : module.kind === 'video'
                    ? t('university.markWatched')
                    : t('university.markOpened')}
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function Quiz({ course, memberId }: { course: CourseRecord; memberId: number }) {
  const { t } = useLanguage();
  const quiz = course.quiz!;
  const submit = useSubmitQuiz();
  const [answers, setAnswers] = useState<Record<number, number[]>>({});
  const [result, setResult] = useState<SubmitQuizResponse | null>(null);
  const left = Math.max(0, quiz.attempts_per_day - quiz.attempts_today);

  const toggle = (questionId: number, choice: number, multiple: boolean) =>
    setAnswers((a) => {
      const now = a[questionId] ?? [];
      if (!multiple) return { ...a, [questionId]: [choice] };
      return { ...a, [questionId]: now.includes(choice) ? now.filter((c) => c !== choice) : [...now, choice] };
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate(
      {
        id: memberId,
        course_id: course.id,
        answers: quiz.questions.map((q) => ({ question_id: q.id, choices: answers[q.id] ?? [] })),
      },
      { onSuccess: setResult, onError: (error) => toast.error(errorText(error, t('university.saveFailed'))) },
    );
  };

  return (
    <CardSection title={t('university.quizTitle')} className="mt-5">
      {quiz.passed ? (
        <p className="flex items-center gap-2 text-sm font-medium text-green-700">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          {t('university.passed')}
          {quiz.best_score !== null ? ` · ${t('university.score', { score: quiz.best_score })}` : ''}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-5">
          <p className="text-sm text-slate-600">
            {t('university.quizIntro', { mark: quiz.pass_mark, left, perDay: quiz.attempts_per_day })}
          </p>
          {quiz.questions.map((q, i) => {
            const wrong = result?.wrong.includes(q.id) ?? false;
            return (
              <fieldset key={q.id} className="rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  {i + 1}. {q.text}
                  {wrong && (
                    <Badge tone="danger" className="ml-2">
                      {t('university.wrongMark')}
                    </Badge>
                  )}
                </legend>
                {q.multiple && <p className="mb-2 text-xs text-slate-500">{t('university.chooseAll')}</p>}
                <div className="flex flex-col gap-2">
                  {q.choices.map((choice, c) => (
                    <label key={c} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm hover:bg-slate-50">
                      <input
                        type={q.multiple ? 'checkbox' : 'radio'}
                        name={`q-${q.id}`}
                        className="size-4"
                        checked={(answers[q.id] ?? []).includes(c)}
                        onChange={() => toggle(q.id, c, q.multiple)}
                      />
                      <span className="break-words">{choice}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          {result && (
            <Notice tone={result.passed ? 'success' : 'warning'}>
              {t('university.score', { score: result.score })} · {result.passed ? t('university.passed') : t('university.notPassed')}
            </Notice>
          )}
          {left === 0 ? (
            <Notice tone="warning">{t('university.noAttempts')}</Notice>
          ) : (
            <div>
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? t('university.submitting') : t('university.submitQuiz')}
              </Button>
            </div>
          )}
        </form>
      )}
      {quiz.passed && course.progress.state !== 'completed' && (
        <p className="mt-2 text-sm text-slate-600">{t('university.finishModules')}</p>
      )}
    </CardSection>
  );
}

/**
 * /university/:courseId: a course as the member takes it (issue 47): its modules as a checklist,
 * the quiz, and the certificate once earned. Works on a phone: one column, large targets.
 */
export function CoursePage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const courseId = Number(useParams().courseId) || 0;
  const query = useCourse(user.memberId, courseId);
  const complete = useCompleteModule();
  const course = query.data?.course;

  const back = (
    <Link to="/university" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" />
      {t('university.back')}
    </Link>
  );

  if (query.isPending) return <Skeleton className="h-64" />;
  if (!course)
    return (
      <>
        {back}
        <Notice tone="error" className="mt-4">
          {t('university.failed')}
        </Notice>
      </>
    );

  const cert = course.certificate;
  return (
    <>
      <PageHeader title={course.title} description={course.description || undefined} actions={back} />
      <Card className="mb-5 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone="neutral">{t('university.version', { version: course.version })}</Badge>
          <Badge tone={course.progress.state === 'completed' ? 'success' : 'info'}>{t(`university.states.${course.progress.state}`)}</Badge>
          {course.required_for_member && course.due_date && course.progress.state !== 'completed' && (
            <span className="font-medium text-amber-800">{t('university.dueOn', { date: formatCalendarDate(course.due_date) })}</span>
          )}
        </div>
        <div className="mt-3">
          <ProgressBar percent={course.progress.percent} label={t('university.percentDone', { percent: course.progress.percent })} />
        </div>
        {course.progress.state === 'expired' && (
          <Notice tone="warning" className="mt-3">
            {t('university.expiredNotice')}
          </Notice>
        )}
      </Card>

      {cert && (
        <CardSection title={t('university.certificateTitle')} icon={<Award />} className="mb-5">
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">{t('university.issuedOn')}</dt>
              <dd className="font-medium text-slate-900">{formatCalendarDate(cert.issued_on)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('university.validUntil')}</dt>
              <dd className="font-medium text-slate-900">
                {cert.valid_until ? formatCalendarDate(cert.valid_until) : t('university.certificateNoExpiry')}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('university.certificateCode')}</dt>
              <dd className="font-mono font-medium text-slate-900">{cert.code}</dd>
            </div>
          </dl>
          <Button
            className="mt-4"
            onClick={() => downloadCertificate(cert.id, cert.code).catch(() => toast.error(t('university.downloadFailed')))}
          >
            <Download aria-hidden="true" />
            {t('university.downloadCertificate')}
          </Button>
        </CardSection>
      )}

      <CardSection title={t('university.modulesTitle')}>
        <ol className="flex flex-col gap-2">
          {course.modules.map((m, i) => (
            <ModuleItem
              key={m.id}
              module={m}
              index={i}
              busy={complete.isPending}
              onDone={() =>
                complete.mutate(
                  { id: user.memberId, course_id: course.id, module_id: m.id },
                  { onError: (error) => toast.error(errorText(error, t('university.saveFailed'))) },
                )
              }
            />
          ))}
        </ol>
      </CardSection>

      {course.quiz && course.progress.state !== 'completed' && <Quiz course={course} memberId={user.memberId} />}

      {course.history.length > 0 && (
        <CardSection title={t('university.history')} className="mt-5">
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {course.history.map((h) => (
              <li key={h.id}>
                {formatCalendarDate(h.issued_on)} · {t('university.version', { version: h.version })} ·{' '}
                <span className="font-mono">{h.code}</span>
              </li>
            ))}
          </ul>
        </CardSection>
      )}
    </>
  );
}
