import type { en } from './en';
import type { Texts } from './texts';
import type { adminQueuesEn } from '../features/dashboard/i18n.en';
import type { commissionsEn } from '../features/commissions/i18n.en';
import type { helpCenterEn } from '../features/tickets/i18n.en';
import type { licencesEn } from '../features/licences/i18n.en';
import type { materialsEn } from '../features/materials/i18n.en';
import type { notificationsEn } from '../features/notifications/i18n.en';
import type { portfolioEn } from '../features/portfolio/i18n.en';
import type { proposalsEn } from '../features/proposals/i18n.en';
import type { estoreEn } from '../features/estore/i18n.en';
import type { privacyEn } from '../features/privacy/i18n.en';
import type { recruitmentEn } from '../features/members/i18n.en';
import type { reportsEn } from '../features/reports/i18n.en';
import type { securityEn } from '../features/settings/security-i18n.en';
import type { settingsEn } from '../features/settings/i18n.en';
import type { universityEn } from '../features/university/i18n.en';

/**
 * The index of the catalogue's areas: it imports every area's English (types only, no bytes) from
 * its feature's folder (`features/<feature>/i18n.en.ts`), and no area imports it. An area's words are
 * two data modules, its English and its Filipino, and a module that registers the English
 * (add-english.ts); the Filipino names its shape from its own English and texts.ts.
 *
 * Every area's English shape: one line per area, `area: typeof areaEn`. Kept here, not in en.ts,
 * so that adding an area does not touch the first load's catalogue.
 */
export interface AreaWords {
  commissions: typeof commissionsEn;
  reports: typeof reportsEn;
  settings: typeof settingsEn;
  licences: typeof licencesEn;
  privacy: typeof privacyEn;
  security: typeof securityEn;
  portfolio: typeof portfolioEn;
  notifications: typeof notificationsEn;
  materials: typeof materialsEn;
  helpCenter: typeof helpCenterEn;
  recruitment: typeof recruitmentEn;
  adminQueues: typeof adminQueuesEn;
  proposals: typeof proposalsEn;
  estore: typeof estoreEn;
  university: typeof universityEn;
}

/** The shape every catalogue has: the same keys, each a text. */
export type Catalogue = Texts<typeof en & AreaWords>;
