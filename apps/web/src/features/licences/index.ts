/**
 * What other features use of Licences: a sale's warning reads the member's licences, the dashboard's
 * banner their alerts, and a sale reloads them under `licenceKeys`. The query module only (see
 * features/commissions/index.ts).
 */
export { licenceKeys, useLicenceAlerts, useLicences } from './api';
