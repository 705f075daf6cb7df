/**
 * What other features use of Privacy: the sign-up page shows the current privacy notice as the
 * consent page does. Its only user is the sign-up page, which uses all of it.
 */
export { usePrivacyNotice } from './api';
export { noticeVersionLine, PrivacyNoticeView } from './privacy-notice-view';
