import { ID_DOCUMENT_PROBLEMS } from '../../lib/id-document';
import { addEnglish } from '.';

/**
 * The member's licences (issue 20): the Licences tab of Settings, the licence form and the
 * countdown to a licence's expiry. The Compliance page's own cards stay in English (the office).
 */
export const licencesEn = {
  title: 'Licences',
  description:
    'Your Insurance Commission licences. Commission is paid only to a member with a verified licence for the line of what was sold.',
  loadFailed: 'Your licences could not be loaded.',
  loading: 'Loading your licences…',
  noneTitle: 'No licences yet',
  noneDescription: 'Add your licence below; the agency verifies it before commission is paid on it.',
  listLabel: 'Your licences',
  addTitle: 'Add a Licence',
  addDescription: 'It stays pending until the agency checks it against your Insurance Commission licence.',
  tryAgain: 'Try again',
  item: {
    title: '{{line}} licence',
    number: ' No. {{number}}',
    insurer: 'Insurer',
    issuedOn: 'Issued on',
    expiresOn: 'Expires on',
    reason: 'Reason: ',
    noneGiven: 'none given',
    waiting: 'Waiting for the agency to verify it.',
    verified: 'Verified',
    rejected: 'Rejected',
    by: ' by {{name}}',
    on: ' on {{date}}',
    downloadScan: 'Download scan',
    downloadScanOf: ' of the {{line}} licence',
    noScan: 'No scan on file.',
    downloadFailedReason: 'Failed to download the scan: {{reason}}',
    downloadFailed: 'Failed to download the scan. Please try again.',
  },
  expiry: {
    today: 'Expires today',
    tomorrow: 'Expires tomorrow',
    in: 'Expires in {{days}} days',
    yesterday: 'Expired yesterday',
    ago: 'Expired {{days}} days ago',
  },
  form: {
    own: 'New licence',
    admin: 'New licence for a member',
    line: 'Line',
    selectLine: 'Select a line',
    number: 'Licence number',
    insurer: 'Insurer (optional)',
    insurerHint: 'The principal company, if the licence names one',
    issuedOn: 'Issued on',
    expiresOn: 'Expires on',
    proposed:
      'Proposed from Issued on: {{date}} (31 December of the third year after issue, the statutory term). Change it if your licence says otherwise.',
    term: 'A licence runs to 31 December of the third year after issue (the statutory term).',
    scan: 'Scan (optional)',
    willBeSent: 'Will be sent: {{name}}',
    scanHint: 'A photo or scan of the licence: JPG, PNG, WebP or PDF, up to 5 MB.',
    add: 'Add Licence',
    chooseMember: 'Choose the member the licence is for',
    scanProblem: '{{problem}} Or choose no file to save the licence without a scan.',
    idProblem: ID_DOCUMENT_PROBLEMS,
    savedOwn: 'Your {{line}} licence is saved. It stays pending until the agency verifies it.',
    member: 'member {{id}}',
    addedVerified: '{{line}} licence added for {{name}}, verified.',
    addedPending: '{{line}} licence added for {{name}}. It stays pending until another administrator verifies it.',
    saveFailedReason: 'Failed to save the licence: {{reason}}',
    saveFailed: 'Failed to save the licence. Please try again.',
  },
};

addEnglish('licences', licencesEn);
