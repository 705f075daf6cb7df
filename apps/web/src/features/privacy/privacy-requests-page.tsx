/** Being built (issue 24). */
export function PrivacyRequestsPage() {
  return null;
}
