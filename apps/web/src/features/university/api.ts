import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteModuleRequest, SaveCourseRequest, SubmitQuizRequest } from '@ahente/contract/university';
import { call, downloadFile } from '../../api/client';

/**
 * University (issue 47, decision 039): the member's catalogue and courses, the quiz, the
 * certificate, and the administrator's editor and report. Every key starts with 'university', so
 * one invalidation after a change reloads the catalogue, the course and the dashboard's card.
 */
export const universityKeys = {
  all: ['university'] as const,
  courses: (id: number) => ['university', 'courses', id] as const,
  course: (id: number, courseId: number) => ['university', 'course', id, courseId] as const,
  editor: (courseId: number) => ['university', 'editor', courseId] as const,
  report: (courseId: number) => ['university', 'report', courseId] as const,
};

/** POST /api/courses { id }: the catalogue with the member's progress, required courses first. */
export function useCourses(id: number, enabled = true) {
  return useQuery({ queryKey: universityKeys.courses(id), queryFn: () => call('courses', { body: { id } }), enabled });
}

/** POST /api/course { id, course_id }: a course as the member takes it (never the correct choices). */
export function useCourse(id: number, courseId: number) {
  return useQuery({
    queryKey: universityKeys.course(id, courseId),
    queryFn: () => call('course', { body: { id, course_id: courseId } }),
    enabled: courseId > 0,
  });
}

/** POST /api/editcourse { course_id }: the editor's view (administrators). */
export function useEditCourse(courseId: number) {
  return useQuery({
    queryKey: universityKeys.editor(courseId),
    queryFn: () => call('editCourse', { body: { course_id: courseId } }),
    enabled: courseId > 0,
  });
}

/** POST /api/coursereport { course_id }: per member, their standing in the course. */
export function useCourseReport(courseId: number) {
  return useQuery({
    queryKey: universityKeys.report(courseId),
    queryFn: () => call('courseReport', { body: { course_id: courseId } }),
    enabled: courseId > 0,
  });
}

function useUniversityMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: universityKeys.all }) });
}

export function useCompleteModule() {
  return useUniversityMutation((body: CompleteModuleRequest) => call('completeModule', { body }));
}

export function useSubmitQuiz() {
  return useUniversityMutation((body: SubmitQuizRequest) => call('submitQuiz', { body }));
}

export function useSaveCourse() {
  return useUniversityMutation(({ body, key }: { body: SaveCourseRequest; key: string }) =>
    call('saveCourse', { body }, { idempotencyKey: key }),
  );
}

export function usePublishCourse() {
  return useUniversityMutation((courseId: number) => call('publishCourse', { body: { course_id: courseId } }));
}

/** GET /api/certificate/:certificateId/pdf, saved as certificate-<code>.pdf. */
export function downloadCertificate(certificateId: number, code: string) {
  return downloadFile('certificatePdf', { params: { certificateId } }, `certificate-${code}.pdf`);
}
