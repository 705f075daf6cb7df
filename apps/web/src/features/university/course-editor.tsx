import { ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { POSITIONS } from '@ahente/contract/enums';
import { LICENSE_LINES } from '@ahente/contract/licence-rules';
import {
  COURSE_MODULE_KINDS,
  MAX_CHOICES,
  MIN_CHOICES,
  REQUIRED_SCOPES,
  type CourseModuleKind,
  type RequiredScope,
} from '@ahente/contract/university-rules';
import type { EditorCourseRecord, SaveCourseRequest } from '@ahente/contract/university';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { Notice } from '../../ui/notice';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';
import { fetchMaterials, fetchSections } from '../materials';
import { usePublishCourse, useSaveCourse } from './api';

interface ModuleDraft {
  title: string;
  kind: CourseModuleKind;
  body: string;
  material_id: string;
  url: string;
}
interface QuestionDraft {
  text: string;
  choices: string[];
  correct: number[];
}
interface Draft {
  title: string;
  description: string;
  lines: string[];
  modules: ModuleDraft[];
  hasQuiz: boolean;
  pass_mark: string;
  attempts_per_day: string;
  questions: QuestionDraft[];
  certificate_months: string;
  requiredScope: RequiredScope | '';
  requiredValue: string;
}

const emptyModule = (): ModuleDraft => ({ title: '', kind: 'text', body: '', material_id: '', url: '' });
const emptyQuestion = (): QuestionDraft => ({ text: '', choices: ['', ''], correct: [0] });

function draftOf(c: EditorCourseRecord | null): Draft {
  return {
    title: c?.title ?? '',
    description: c?.description ?? '',
    lines: c?.lines ?? [],
    modules: c
      ? c.modules.map((m) => ({
          title: m.title,
          kind: m.kind,
          body: m.body ?? '',
          material_id: m.material_id === null ? '' : String(m.material_id),
          url: m.url ?? '',
        }))
      : [emptyModule()],
    hasQuiz: c ? c.quiz !== null : true,
    pass_mark: String(c?.quiz?.pass_mark ?? 70),
    attempts_per_day: String(c?.quiz?.attempts_per_day ?? 3),
    questions: c?.quiz?.questions.map((q) => ({ ...q })) ?? [emptyQuestion()],
    certificate_months: c?.certificate_months ? String(c.certificate_months) : '',
    requiredScope: c?.required?.scope ?? '',
    requiredValue: c?.required?.value ?? '',
  };
}

function requestOf(courseId: number | null, d: Draft): SaveCourseRequest {
  return {
    course_id: courseId,
    title: d.title,
    description: d.description,
    lines: d.lines as SaveCourseRequest['lines'],
    modules: d.modules.map((m) => ({
      title: m.title,
      kind: m.kind,
      body: m.kind === 'text' ? m.body : null,
      material_id: m.kind === 'material' ? m.material_id || null : null,
      url: m.kind === 'video' ? m.url : null,
    })),
    quiz: d.hasQuiz ? { pass_mark: Number(d.pass_mark), attempts_per_day: Number(d.attempts_per_day), questions: d.questions } : null,
    certificate_months: d.certificate_months ? Number(d.certificate_months) : null,
    required: d.requiredScope ? { scope: d.requiredScope, value: d.requiredScope === 'everyone' ? null : d.requiredValue } : null,
  };
}

/** Admin Panel → University: a course's editor (decision 039). The server checks every rule and says what is wrong. */
/** Every file of the materials libraries (Learning and Marketing), named by its section, for a material module. */
function useLibraryFiles() {
  return useQuery({
    queryKey: ['materials', 'library-files'],
    queryFn: async () => {
      const sections = await fetchSections();
      const files = await Promise.all(
        sections.map(async (section) =>
          (await fetchMaterials(section.id)).map((m) => ({ id: m.id, title: m.title, section: section.name })),
        ),
      );
      return files.flat();
    },
  });
}

export function CourseEditor({
  course,
  onClose,
  onSaved,
}: {
  course: EditorCourseRecord | null;
  onClose: () => void;
  onSaved: (c: EditorCourseRecord) => void;
}) {
  const { t } = useLanguage();
  const library = useLibraryFiles();
  const [d, setD] = useState<Draft>(() => draftOf(course));
  const save = useSaveCourse();
  const publish = usePublishCourse();
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const setModule = (i: number, patch: Partial<ModuleDraft>) =>
    set({ modules: d.modules.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  const setQuestion = (i: number, patch: Partial<QuestionDraft>) =>
    set({ questions: d.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
  const fail = (error: unknown) => toast.error(isApiError(error) ? error.error : t('university.saveFailed'));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { body: requestOf(course?.id ?? null, d), key: crypto.randomUUID() },
      {
        onSuccess: ({ course: saved }) => {
          toast.success(t('university.admin.saved'));
          onSaved(saved);
        },
        onError: fail,
      },
    );
  };

  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('university.admin.editorTitle')}>
        {course?.started && <Notice tone="warning">{t('university.admin.startedNote')}</Notice>}
        <Field label={t('university.admin.titleLabel')}>
          <Input value={d.title} onChange={(e) => set({ title: e.target.value })} maxLength={200} />
        </Field>
        <Field label={t('university.admin.descriptionLabel')}>
          <Textarea value={d.description} onChange={(e) => set({ description: e.target.value })} rows={2} maxLength={2000} />
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('university.admin.linesLabel')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {LICENSE_LINES.map((line) => (
              <Checkbox
                key={line}
                label={line}
                checked={d.lines.includes(line)}
                onChange={(e) => set({ lines: e.target.checked ? [...d.lines, line] : d.lines.filter((l) => l !== line) })}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t('university.admin.modulesLabel')}</legend>
          {d.modules.map((m, i) => (
            <div key={i} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_14rem]">
                <Field label={`${i + 1}. ${t('university.admin.moduleTitle')}`}>
                  <Input value={m.title} onChange={(e) => setModule(i, { title: e.target.value })} maxLength={200} />
                </Field>
                <Field label={t('university.admin.kind')}>
                  <Select value={m.kind} onChange={(e) => setModule(i, { kind: e.target.value as CourseModuleKind })}>
                    {COURSE_MODULE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`university.admin.kinds.${k}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              {m.kind === 'text' && (
                <Field label={t('university.admin.body')}>
                  <Textarea value={m.body} onChange={(e) => setModule(i, { body: e.target.value })} rows={5} />
                </Field>
              )}
              {m.kind === 'material' && (
                <Field label={t('university.admin.material')}>
                  <Select value={m.material_id} onChange={(e) => setModule(i, { material_id: e.target.value })}>
                    <option value="">{t('university.admin.chooseMaterial')}</option>
                    {(library.data ?? []).map((f) => (
                      <option key={f.id} value={String(f.id)}>
                        {f.section} — {f.title}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              {m.kind === 'video' && (
                <Field label={t('university.admin.url')}>
                  <Input type="url" value={m.url} onChange={(e) => setModule(i, { url: e.target.value })} />
                </Field>
              )}
              <div className="flex gap-2">
                {i > 0 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      const modules = [...d.modules];
                      [modules[i - 1], modules[i]] = [modules[i]!, modules[i - 1]!];
                      set({ modules });
                    }}
                  >
                    <ArrowUp aria-hidden="true" />
                    {t('university.admin.moveUp')}
                  </Button>
                )}
                {d.modules.length > 1 && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => set({ modules: d.modules.filter((_, j) => j !== i) })}>
                    <Trash2 aria-hidden="true" />
                    {t('university.admin.remove')}
                  </Button>
                )}
              </div>
            </div>
          ))}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => set({ modules: [...d.modules, emptyModule()] })}>
              <Plus aria-hidden="true" />
              {t('university.admin.addModule')}
            </Button>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t('university.admin.quizLabel')}</legend>
          <Checkbox label={t('university.admin.hasQuiz')} checked={d.hasQuiz} onChange={(e) => set({ hasQuiz: e.target.checked })} />
          {d.hasQuiz && (
            <>
              <div className="grid grid-cols-2 gap-3 sm:w-96">
                <Field label={t('university.admin.passMark')}>
                  <Input inputMode="numeric" value={d.pass_mark} onChange={(e) => set({ pass_mark: e.target.value })} />
                </Field>
                <Field label={t('university.admin.attemptsPerDay')}>
                  <Input inputMode="numeric" value={d.attempts_per_day} onChange={(e) => set({ attempts_per_day: e.target.value })} />
                </Field>
              </div>
              {d.questions.map((q, i) => (
                <div key={i} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
                  <Field label={t('university.admin.question', { n: i + 1 })}>
                    <Input value={q.text} onChange={(e) => setQuestion(i, { text: e.target.value })} />
                  </Field>
                  {q.choices.map((c, j) => (
                    <div key={j} className="flex items-end gap-2">
                      <Field label={t('university.admin.choice', { n: j + 1 })} className="flex-1">
                        <Input
                          value={c}
                          onChange={(e) => setQuestion(i, { choices: q.choices.map((x, k) => (k === j ? e.target.value : x)) })}
                        />
                      </Field>
                      <Checkbox
                        className="mb-2"
                        label={t('university.admin.correct')}
                        checked={q.correct.includes(j)}
                        onChange={(e) =>
                          setQuestion(i, { correct: e.target.checked ? [...q.correct, j].sort() : q.correct.filter((k) => k !== j) })
                        }
                      />
                      {q.choices.length > MIN_CHOICES && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`${t('university.admin.remove')} ${t('university.admin.choice', { n: j + 1 })}`}
                          onClick={() =>
                            setQuestion(i, {
                              choices: q.choices.filter((_, k) => k !== j),
                              correct: q.correct.filter((k) => k !== j).map((k) => (k > j ? k - 1 : k)),
                            })
                          }
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      )}
                    </div>
                  ))}
                  <div className="flex gap-2">
                    {q.choices.length < MAX_CHOICES && (
                      <Button type="button" variant="ghost" size="sm" onClick={() => setQuestion(i, { choices: [...q.choices, ''] })}>
                        <Plus aria-hidden="true" />
                        {t('university.admin.addChoice')}
                      </Button>
                    )}
                    {d.questions.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => set({ questions: d.questions.filter((_, k) => k !== i) })}
                      >
                        <Trash2 aria-hidden="true" />
                        {t('university.admin.remove')}
                      </Button>
                    )}
                  </div>
                </div>
              ))}
              <div>
                <Button type="button" variant="outline" size="sm" onClick={() => set({ questions: [...d.questions, emptyQuestion()] })}>
                  <Plus aria-hidden="true" />
                  {t('university.admin.addQuestion')}
                </Button>
              </div>
            </>
          )}
        </fieldset>

        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Field label={t('university.admin.certificateMonths')}>
            <Input inputMode="numeric" value={d.certificate_months} onChange={(e) => set({ certificate_months: e.target.value })} />
          </Field>
          <Field label={t('university.admin.requiredLabel')}>
            <Select
              value={d.requiredScope}
              onChange={(e) => set({ requiredScope: e.target.value as RequiredScope | '', requiredValue: '' })}
            >
              <option value="">{t('university.admin.requiredNone')}</option>
              {REQUIRED_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {t(`university.admin.requiredScopes.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          {(d.requiredScope === 'position' || d.requiredScope === 'line') && (
            <Field label={t('university.admin.requiredValue')}>
              <Select value={d.requiredValue} onChange={(e) => set({ requiredValue: e.target.value })}>
                <option value="" />
                {(d.requiredScope === 'position' ? POSITIONS : LICENSE_LINES).map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </Select>
            </Field>
          )}
        </div>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t('university.admin.save')}
          </Button>
          {course && course.draft_pending && (
            <Button
              type="button"
              variant="secondary"
              disabled={publish.isPending}
              onClick={() =>
                publish.mutate(course.id, {
                  onSuccess: ({ course: c }) => {
                    toast.success(t('university.admin.publishedToast'));
                    onSaved(c);
                  },
                  onError: fail,
                })
              }
            >
              {t('university.admin.publish')}
            </Button>
          )}
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('university.admin.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
