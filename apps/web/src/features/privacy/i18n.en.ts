import { MSG } from '@ahente/contract/messages';
import { PRIVACY_REQUEST_STATUS_LABELS } from '@ahente/contract/my-data';
import { ACCESS_KIND_LABELS } from '@ahente/contract/privacy';

/**
 * The words of a member's privacy screens (decisions 027 and 030): Settings → Privacy (Download my
 * data, Request erasure and its password dialog, Who accessed my data) and the consent page shown
 * when a new privacy notice is published (the notice itself is the agency's Markdown, as written).
 * The admin's privacy pages stay in English.
 */
export const privacyEn = {
  download: {
    title: 'Your data',
    description: 'Download a copy of everything the portal keeps about you, and correct what is wrong.',
    copyIs:
      'The copy is a .zip file: one JSON file for each kind of record ({{holds}}) and the files you uploaded (your photo, valid ID and licence scans).',
    holds:
      'your profile, personal and bank details, certifications, licences, deals, proposals, sales, commission entries and statements, BIR Form 2307 figures, tickets, notifications, the privacy notices you accepted and who accessed your data',
    button: 'Download my data',
    correctBefore:
      'You can correct most of your details yourself in the other tabs of Settings. To correct what you cannot change yourself (your name once your account is approved, for example), open a ticket of type Privacy in the ',
    helpCenter: 'Help Center',
    correctAfter: '.',
    done: MSG.fileDownloaded,
    failed: MSG.downloadFailed,
  },
  erasure: {
    title: 'Request erasure',
    description: 'Ask the agency to erase your personal data and close your account for good.',
    removesTitle: 'What erasure removes',
    removes1: 'Your name, username, e-mail address and contact number',
    removes2: 'Your address, birthday and TIN',
    removes3: 'Your bank details and certifications',
    removes4: 'Your photo, valid ID and licence scans (the files are deleted)',
    final: 'Once it is done you can no longer sign in. It cannot be undone.',
    lawTitle: 'What the law keeps',
    law: 'The agency must keep its books for five years (the Tax Code, as amended by the EOPT Act). Your sales, commission entries and statements and BIR Form 2307 figures stay, shown as "{{erased}}" instead of your name, and are deleted when that period ends.',
    answers: 'An administrator answers your request within {{days}} working days. You can download your data first.',
    loading: 'Loading your erasure request…',
    failed: 'Your erasure request could not be loaded.',
    tryAgain: 'Try again',
    button: 'Request erasure',
    again: 'Request erasure again',
  },
  request: {
    title: 'Your erasure request',
    requested: 'Requested',
    due: 'Answer due by',
    decided: 'Decided',
    reason: 'Reason',
    oneAtATime: 'One request at a time: you can ask again once this one is decided.',
    refused: 'Your data stays as it is. If you still want it erased, you may ask again.',
    status: { ...PRIVACY_REQUEST_STATUS_LABELS },
  },
  dialog: {
    title: 'Request erasure of your data?',
    description:
      'An administrator erases your personal data for good once they approve it, and you can no longer sign in. Confirm with your password.',
    cancel: 'Cancel',
    confirm: 'Request erasure',
    password: 'Password',
    passwordHint: 'Your current password.',
    sent: 'Your erasure request was sent. The agency answers by {{date}}.',
    sendFailed: 'Your request could not be sent.',
    sendFailedReason: 'Your request could not be sent. {{reason}}',
  },
  access: {
    title: 'Who accessed my data',
    description:
      'Each time an administrator or a leader opened your personal details, IDs, bank details or licences, exported your data, or read your name and e-mail in a members list. Your own views are not listed.',
    who: 'Who',
    what: 'What',
    detail: 'Detail',
    when: 'When (Philippine time)',
    loading: 'Loading who accessed your data…',
    failed: 'The list of who accessed your data could not be loaded.',
    emptyTitle: 'No one has opened your data yet.',
    emptyDescription: 'When an administrator or a leader opens your personal details, IDs, bank details or licences, it is listed here.',
    noun: 'access entries',
    kinds: { ...ACCESS_KIND_LABELS },
  },
  consent: {
    documentTitle: 'Privacy Notice',
    title: 'Our Privacy Notice has changed',
    lead: 'Please read the agency\u2019s Privacy Notice and accept it to continue to your portal.',
    version: 'Version {{version}}, published {{date}}',
    notice: 'Privacy Notice',
    loadFailed: 'The Privacy Notice could not be loaded.',
    tryAgain: 'Try again',
    saveFailed: 'Your acceptance could not be saved. Please try again.',
    agree:
      'By accepting you agree to the processing of your personal data as the notice describes. You can download your data or ask for its erasure at any time in Settings → Privacy.',
    logout: 'Log out',
    accept: 'I accept',
  },
};
