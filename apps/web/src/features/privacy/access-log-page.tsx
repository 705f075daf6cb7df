/** Being built (issue 24). */
export function AccessLogPage() {
  return null;
}
