import { FileSpreadsheet, GraduationCap, Plus } from 'lucide-react';
import { useState } from 'react';
import { COURSE_REPORT_FILE, type CourseState } from '@ahente/contract/university-rules';
import type { CourseReportResponse, EditorCourseRecord } from '@ahente/contract/university';
import { useCurrentUser } from '../../api/session';
import { useLanguage } from '../../i18n';
import './i18n';
import { formatCalendarDate } from '../../lib/dates';
import { saveBlob } from '../../lib/save-blob';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { CourseEditor } from './course-editor';
import { useCourseReport, useCourses, useEditCourse } from './api';

type Open = { kind: 'new' } | { kind: 'edit'; id: number } | { kind: 'report'; id: number } | null;

/** The report as course_report.xlsx, built on the device like the other reports (write-excel-file). */
async function exportReport(report: CourseReportResponse, headers: string[], stateLabel: (s: CourseState) => string) {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const header = headers.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = report.rows.map((r) => [
    { value: r.name },
    { value: r.position },
    { value: r.required ? 'Yes' : 'No' },
    { value: r.due_date ?? '' },
    { value: stateLabel(r.state) },
    { value: r.percent, type: Number },
    { value: r.completed_on ?? '' },
    { value: r.certificate_expiry ?? '' },
  ]);
  const blob = await writeExcelFile([header, ...rows] as never, { sheet: 'Course report', stickyRowsCount: 1 } as never).toBlob();
  saveBlob(blob, COURSE_REPORT_FILE);
}

function Report({ courseId }: { courseId: number }) {
  const { t } = useLanguage();
  const report = useCourseReport(courseId);
  const headers = [
    t('university.admin.member'),
    t('university.admin.position'),
    t('university.admin.required'),
    t('university.admin.due'),
    t('university.admin.state'),
    t('university.admin.progress'),
    t('university.admin.completedOn'),
    t('university.admin.expiry'),
  ];
  if (report.isPending) return <Skeleton className="h-40" />;
  if (report.isError) return <Notice tone="error">{t('university.failed')}</Notice>;
  const data = report.data;
  return (
    <CardSection
      title={t('university.admin.reportTitle', { title: data.course.title })}
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void exportReport(data, headers, (s: CourseState) => t(`university.states.${s}`))}
        >
          <FileSpreadsheet aria-hidden="true" />
          {t('university.admin.exportXlsx')}
        </Button>
      }
    >
      <TableScrollHint>{t('common.scrollHint')}</TableScrollHint>
      <Table caption={t('university.admin.reportTitle', { title: data.course.title })} dense>
        <TableHead>
          <tr>
            {headers.map((h) => (
              <TableHeaderCell key={h}>{h}</TableHeaderCell>
            ))}
          </tr>
        </TableHead>
        <TableBody>
          {data.rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={headers.length}>{t('university.admin.noMembers')}</TableCell>
            </TableRow>
          )}
          {data.rows.map((r) => (
            <TableRow key={r.member_id}>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.position}</TableCell>
              <TableCell>{r.required ? t('university.admin.yes') : t('university.admin.no')}</TableCell>
              <TableCell>{r.due_date ? formatCalendarDate(r.due_date) : '—'}</TableCell>
              <TableCell>
                <Badge
                  tone={
                    r.state === 'completed' ? 'success' : r.state === 'expired' ? 'warning' : r.state === 'in_progress' ? 'info' : 'neutral'
                  }
                >
                  {t(`university.states.${r.state}`)}
                </Badge>
              </TableCell>
              <TableCell>{r.percent}%</TableCell>
              <TableCell>{r.completed_on ? formatCalendarDate(r.completed_on) : '—'}</TableCell>
              <TableCell>{r.certificate_expiry ? formatCalendarDate(r.certificate_expiry) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </CardSection>
  );
}

function EditExisting({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: (c: EditorCourseRecord) => void }) {
  const { t } = useLanguage();
  const course = useEditCourse(id);
  if (course.isPending) return <Skeleton className="h-64" />;
  if (course.isError) return <Notice tone="error">{t('university.failed')}</Notice>;
  return (
    <CourseEditor
      key={`${id}-${course.data.course.version}-${course.data.course.updated_at}`}
      course={course.data.course}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/**
 * Admin Panel → University (issue 47): the courses (drafts too), the editor of a course and its
 * report, exported to Excel.
 */
export function AdminUniversityPage() {
  const user = useCurrentUser();
  const { t } = useLanguage();
  const courses = useCourses(user.memberId);
  const [open, setOpen] = useState<Open>(null);
  const list = courses.data?.courses ?? [];

  return (
    <>
      <PageHeader
        title={t('university.admin.title')}
        description={t('university.admin.description')}
        actions={
          <Button onClick={() => setOpen({ kind: 'new' })}>
            <Plus aria-hidden="true" />
            {t('university.admin.newCourse')}
          </Button>
        }
      />
      {open?.kind === 'new' && (
        <div className="mb-5">
          <CourseEditor course={null} onClose={() => setOpen(null)} onSaved={(c) => setOpen({ kind: 'edit', id: c.id })} />
        </div>
      )}
      {open?.kind === 'edit' && (
        <div className="mb-5">
          <EditExisting id={open.id} onClose={() => setOpen(null)} onSaved={(c) => setOpen({ kind: 'edit', id: c.id })} />
        </div>
      )}
      {open?.kind === 'report' && (
        <div className="mb-5">
          <Report courseId={open.id} />
        </div>
      )}
      <Card className="overflow-hidden">
        {courses.isPending && <Skeleton className="m-4 h-24" />}
        {courses.isError && <Notice tone="error">{t('university.failed')}</Notice>}
        {courses.isSuccess && list.length === 0 && <EmptyState icon={<GraduationCap />} title={t('university.none')} />}
        {list.length > 0 && (
          <Table caption={t('university.admin.courses')} dense>
            <TableHead>
              <tr>
                <TableHeaderCell>{t('university.admin.titleLabel')}</TableHeaderCell>
                <TableHeaderCell>{t('university.admin.status')}</TableHeaderCell>
                <TableHeaderCell>{t('university.admin.requiredLabel')}</TableHeaderCell>
                <TableHeaderCell sticky>{t('university.admin.edit')}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {list.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.title}</TableCell>
                  <TableCell>
                    <Badge tone={c.status === 'published' ? 'success' : 'warning'}>
                      {c.status === 'published' ? t('university.admin.published') : t('university.draft')}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {c.required
                      ? `${t(`university.admin.requiredScopes.${c.required.scope}`)}${c.required.value ? `: ${c.required.value}` : ''}`
                      : '—'}
                  </TableCell>
                  <TableCell sticky>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setOpen({ kind: 'edit', id: c.id })}
                        aria-label={`${t('university.admin.edit')} ${c.title}`}
                      >
                        {t('university.admin.edit')}
                      </Button>
                      {c.status === 'published' && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setOpen({ kind: 'report', id: c.id })}
                          aria-label={`${t('university.admin.report')} ${c.title}`}
                        >
                          {t('university.admin.report')}
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </>
  );
}
