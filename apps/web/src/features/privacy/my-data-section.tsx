/** Being built (issue 24). */
export function MyDataSection() {
  return null;
}
