import { MSG } from '@ahente/contract/messages';

/**
 * Agent Recruitment (decision 021): the agent's direct recruits, their count and the name search
 * (shared with the admin's Members Record). Member statuses keep their English words.
 */
export const recruitmentEn = {
  title: 'Agent Recruitment',
  description: 'The agents who signed up with your referral code.',
  recruits_one: '{{count}} recruit',
  recruits_other: '{{count}} recruits',
  withPending: '{{all}}: {{approved}} approved, {{pending}} awaiting approval',
  match: '{{shown}} of {{total}} recruits match',
  caption: 'Your recruits',
  id: 'ID',
  fullName: 'Full Name',
  contactNo: 'Contact No',
  email: 'Email',
  referralCode: 'Referral Code',
  regDate: 'Registration Date',
  loading: 'Loading recruits…',
  failed: 'Your recruits could not be loaded.',
  noRecords: MSG.noRecords,
  noName: 'No recruit has that name.',
  shareLink: 'Share your referral link: agents who sign up with it appear here.',
  searchForm: 'Members by name',
  search: 'Search by name',
  searchPlaceholder: 'First, middle or last name',
  refresh: 'Refresh',
};
