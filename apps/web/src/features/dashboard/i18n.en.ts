/**
 * The administrator's dashboard (decisions 021 and 019): the work waiting, each a count linking to
 * its queue, and the set-up list of what the agency has not set up yet.
 */
export const adminQueuesEn = {
  title: 'Work waiting',
  description: 'What waits for an administrator, each linked to its queue.',
  loading: 'Loading the work waiting…',
  failed: 'The work waiting could not be loaded.',
  retry: 'Try again',
  salesToVerify: 'Sales to verify',
  pendingMembers: 'Sign-ups to approve',
  openTickets: 'Open tickets',
  licencesToVerify: 'Licences to verify',
  heldCommissions: 'Held commissions',
  privacyRequests: 'Privacy requests',
  nearestDue: 'Nearest deadline {{date}}',
  noDeadline: 'None open',
  setupTitle: 'Set-up',
  setupDescription: 'What the agency has not set up yet, and how to set it.',
  agencyTax: "The agency's tax details",
  agencyTaxMissing: 'Missing: {{fields}}. Members cannot download their BIR Form 2307, nor you the alphalist, until they are set.',
  agencyTaxHow: 'Set them on Admin Panel → Commissions, Agency tax details (or in the server’s AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO).',
  setAgencyTax: 'Set the tax details',
  fieldTin: 'TIN',
  fieldAddress: 'registered address',
  fieldRdo: 'RDO',
};
