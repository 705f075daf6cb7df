/** Being built (issue 24). */
export function AccessListSection() {
  return null;
}
