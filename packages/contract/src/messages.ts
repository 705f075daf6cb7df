/** Every text a person reads that the spec fixes (on its screens, in its validation and its error messages). Use these, never retype them. */
export const MSG = {
  // Login
  loginMissing: 'Error: Please Enter Username or Password',
  loginInvalid: 'Invalid username or password',
  loginNotApproved: 'Your account is not approved. Please contact support.',
  forgotPassword: 'Please Contact Administrator',
  loginRateLimited: 'Too many failed login attempts. Please wait a few minutes and try again.',
  // Register
  registerTitle: 'Create your account',
  registerMissing: 'Error: Please Complete All Required Fields',
  registerInvalidReferral: 'Invalid referral code',
  registerSuccess: 'Registration Success',
  registerFailed: 'Error: Registration Failed',
  serverIssue: 'Error: Server issue, try again later',
  // Layout
  referralCopied: 'Referral link copied to clipboard!',
  badgeComingSoon: 'Badge: Coming Soon!',
  comingSoon: 'Coming Soon...',
  noDataYet: 'No Data Yet',
  // Materials
  errorFetchingSections: 'Error fetching sections',
  errorFetchingSection: 'Error fetching Section',
  serverFailed: 'Server Failed',
  fileDownloaded: 'File Downloaded',
  downloadFailed: 'Download failed',
  materialDeleted: 'Material deleted successfully',
  materialDeleteFailed: 'Failed to delete material',
  materialDeleteConfirm: 'Are you sure you want to delete this material?',
  fileUploaded: 'File uploaded successfully!',
  fileUploadFailed: 'File upload failed',
  selectFileFirst: 'Please Select File First',
  typeSectionName: 'Type Section Name',
  sectionCreated: 'Create New Section Success!!',
  sectionCreateFailed: 'Create New Section Failed',
  // Deals and sales
  dealSaved: 'Deals Saved Successfully',
  dealSaveFailed: 'Failed to Save',
  dealMissingFields: 'Failed to Save Missing Fields',
  dealUpdated: 'Deal Updated successfully.',
  dealUpdateFailed: 'Failed to Update Deal',
  saleAdded: 'Sale added successfully.',
  saleSaveFailed: 'Failed to Save Sale.',
  noDeals: 'No deals available.',
  noSales: 'No sales records found.',
  // Server answers of the deals and sales API (not spec texts)
  dealNotFound: 'Deal not found',
  dealAlreadySold: 'This deal has already been made into a sale',
  // Admin member edit
  memberUpdated: 'Member updated successfully!',
  memberUpdateFailed: 'Failed to update member. Please try again.',
  passwordChanged: 'Password changed successfully!',
  passwordChangeFailed: 'Failed to change password!',
  somethingWrong: 'Something went wrong. Please try again.',
  noChanges: 'No changes detected.',
  passwordEmpty: 'Password cannot be empty!',
  noRecords: 'No records found',
  // Settings
  noDetailsFound: 'No Details Found',
  serverError: 'Server Error',
  bankSaved: 'Details Saving Success!',
  bankSaveFailed: 'Failed to save bank details.',
  validIdDownloadFailed: 'Failed to download file.',
  certificationSaveFailed: 'There was a problem saving the certification.',
  fillAllFields: 'Please fill in all fields.',
  noDataFound: 'No Data Found..',
  // Settings and the profile photo: not spec texts (decision 015)
  personalDetailsSaved: 'Personal details saved.',
  personalDetailsSaveFailed: 'Failed to save personal details.',
  photoUpdated: 'Profile picture updated.',
  photoRemoved: 'Profile picture removed.',
  photoFailed: 'Failed to change the profile picture.',
  certificationSaved: 'Certification saved.',
  /** The admin's Edit Member Details (the member's own tab says bankSaved). */
  bankSavedByAdmin: 'Bank details saved.',
  addNewCertification: 'Add New Certification',
  certificationReminderTitle: 'Your certification details are incomplete',
  certificationReminderNone: 'You have no certification on file.',
  certificationReminderCoding: 'Your coding dates are missing.',
  certificationReminderTlc: 'Your TLC attendance dates are missing.',
  // Every From/To filter, on screen and from the server (decision 023): not a spec text.
  dateRangeReversed: 'To must not be before From',
} as const;

/** Toasts and notices stay 3000 ms, then take 300 ms to leave (decision 004). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_EXIT_MS = 300;
export const ADMIN_MODAL_CLOSE_MS = 3000;
export const FALLBACK_USER_ID = '000';

/**
 * Notes and labels the screens show, kept here (a module without zod) so that the web's bundled
 * English catalogue can hold them without pulling zod into the first load (decision 030); the
 * modules they belong to re-export them.
 */
/** What the totals say under them: which sales they leave out (sales.ts). */
export const COUNTED_SALES_NOTE = 'Rejected and cancelled sales are not counted.';
/** What the screens say under a count of members (decision 021; members.ts). */
export const TEAM_COUNT_NOTE = 'Approved, active members only: pending and deactivated members are not counted.';
/** The label of the sign-up's required checkbox, word for word as the issue gives it (privacy-notice.ts). */
export const CONSENT_LABEL = 'I have read the Privacy Notice and agree to the processing of my personal data';
/** registeraccounts without `consent: true` (privacy-notice.ts). */
export const CONSENT_REQUIRED_MESSAGE = 'You must agree to the Privacy Notice to sign up';
