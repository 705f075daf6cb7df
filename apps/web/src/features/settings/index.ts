/**
 * What other features use of Settings: the admin's Edit Member dialog shows the same address fields
 * (with their PSGC lists), bank details and security actions as a member's own Settings. Its only
 * user is the Members Record, whose chunk holds all of these already: whatever a feature imports from
 * here comes with everything this file re-exports (the bundler follows every re-export).
 */
export { AddressFields } from './address-fields';
export { useAddBankMutation, useUserBanks } from './api';
export { useAddressLists } from './geo-api';
export { useEndMemberSessionsMutation, useResetMemberMfaMutation } from './security-api';
