import type { Texts } from '../../i18n/texts';
import type { adminQueuesEn } from './i18n.en';

/** The administrator's dashboard in Filipino (decisions 021 and 019). */
export const adminQueuesFil: Texts<typeof adminQueuesEn> = {
  title: 'Mga naghihintay na gawain',
  description: 'Ang naghihintay sa isang administrator, bawat isa naka-link sa pila nito.',
  loading: 'Nilo-load ang mga naghihintay na gawain…',
  failed: 'Hindi ma-load ang mga naghihintay na gawain.',
  retry: 'Subukan ulit',
  salesToVerify: 'Sales na ive-verify',
  pendingMembers: 'Mga sign-up na aaprubahan',
  openTickets: 'Mga bukas na ticket',
  licencesToVerify: 'Mga licence na ive-verify',
  heldCommissions: 'Mga naka-hold na commission',
  privacyRequests: 'Mga privacy request',
  nearestDue: 'Pinakamalapit na deadline: {{date}}',
  noDeadline: 'Walang bukas',
  setupTitle: 'Set-up',
  setupDescription: 'Ang hindi pa naise-set up ng ahensya, at kung paano ito i-set.',
  agencyTax: 'Ang tax details ng ahensya',
  agencyTaxMissing:
    'Kulang: {{fields}}. Hindi ma-download ng mga miyembro ang BIR Form 2307 nila, at ikaw ang alphalist, hangga’t hindi ito naise-set.',
  agencyTaxHow:
    'I-set ang mga ito sa Admin Panel → Commissions, Agency tax details (o sa AGENCY_TIN, AGENCY_ADDRESS at AGENCY_RDO ng server).',
  setAgencyTax: 'I-set ang tax details',
  fieldTin: 'TIN',
  fieldAddress: 'rehistradong address',
  fieldRdo: 'RDO',
};
