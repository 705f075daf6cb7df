/** Being built (issue 24). */
export function PrivacyNoticePage() {
  return null;
}
