/**
 * The method and address of each route of routes/university.ts, without zod (route-paths.ts gathers
 * them for the web).
 */
export const universityPaths = {
  saveCourse: { method: 'POST', path: '/api/savecourse' },
  publishCourse: { method: 'POST', path: '/api/publishcourse' },
  editCourse: { method: 'POST', path: '/api/editcourse' },
  courseReport: { method: 'POST', path: '/api/coursereport' },
  courseCompliance: { method: 'GET', path: '/api/coursecompliance' },
  courses: { method: 'POST', path: '/api/courses' },
  course: { method: 'POST', path: '/api/course' },
  completeModule: { method: 'POST', path: '/api/completemodule' },
  submitQuiz: { method: 'POST', path: '/api/submitquiz' },
  certificatePdf: { method: 'GET', path: '/api/certificate/:certificateId/pdf' },
  publicCertificate: { method: 'GET', path: '/api/public/certificate/:code' },
} as const;
