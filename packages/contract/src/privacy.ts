/**
 * Privacy (issue 24, decision 027): the kinds of sensitive data whose reads by someone other than
 * their owner are logged, and how each reads on screen. Payload schemas of the privacy routes are
 * declared in this file too (consent and notice, my data and erasure, the access log).
 */

/** What an access-log entry says was read. */
export const ACCESS_KINDS = ['personal_details', 'valid_id', 'bank_details', 'tin', 'licences', 'licence_scan', 'data_export'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  personal_details: 'Personal details',
  valid_id: 'Valid ID',
  bank_details: 'Bank details',
  tin: 'TIN',
  licences: 'Licences',
  licence_scan: 'Licence scan',
  data_export: 'Data export',
};
