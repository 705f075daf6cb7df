import type { en } from './en';
import type { Texts } from './texts';
import type { adminQueuesEn } from './areas/adminQueues.en';
import type { commissionsEn } from './areas/commissions.en';
import type { helpCenterEn } from './areas/helpCenter.en';
import type { licencesEn } from './areas/licences.en';
import type { materialsEn } from './areas/materials.en';
import type { notificationsEn } from './areas/notifications.en';
import type { portfolioEn } from './areas/portfolio.en';
import type { privacyEn } from './areas/privacy.en';
import type { recruitmentEn } from './areas/recruitment.en';
import type { reportsEn } from './areas/reports.en';
import type { securityEn } from './areas/security.en';
import type { settingsEn } from './areas/settings.en';

/**
 * The index of the catalogue's areas: it imports every area's English (types only, no bytes), and no
 * area imports it. An area's words are two data modules, its English and its Filipino, and a module
 * that registers the English (add-english.ts); the Filipino names its shape from its own English.
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
}

/** The shape every catalogue has: the same keys, each a text. */
export type Catalogue = Texts<typeof en & AreaWords>;
