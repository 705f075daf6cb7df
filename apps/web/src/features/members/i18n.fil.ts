import type { Texts } from '../../i18n/texts';
import type { recruitmentEn } from './i18n.en';

/** Agent Recruitment in Filipino (see recruitment.en.ts). */
export const recruitmentFil: Texts<typeof recruitmentEn> = {
  title: 'Recruitment ng Agent',
  description: 'Ang mga agent na nag-sign up gamit ang referral code mo.',
  recruits_one: '{{count}} recruit',
  recruits_other: '{{count}} recruit',
  withPending: '{{all}}: {{approved}} aprubado, {{pending}} naghihintay ng approval',
  match: '{{shown}} sa {{total}} recruit ang tugma',
  caption: 'Ang mga recruit mo',
  id: 'ID',
  fullName: 'Buong Pangalan',
  contactNo: 'Contact No',
  email: 'Email',
  referralCode: 'Referral Code',
  regDate: 'Petsa ng Pagpaparehistro',
  loading: 'Nilo-load ang mga recruit…',
  failed: 'Hindi ma-load ang mga recruit mo.',
  noRecords: 'Walang nakitang record',
  noName: 'Walang recruit na may ganyang pangalan.',
  shareLink: 'Ibahagi ang referral link mo: lalabas dito ang mga agent na mag-sign up gamit ito.',
  searchForm: 'Mga miyembro ayon sa pangalan',
  search: 'Maghanap ayon sa pangalan',
  searchPlaceholder: 'Pangalan, gitnang pangalan o apelyido',
  refresh: 'I-refresh',
};
