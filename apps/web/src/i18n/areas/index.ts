import { i18n } from '../index';
import type { commissionsEn } from './commissions.en';
import type { reportsEn } from './reports.en';
import type { settingsEn } from './settings.en';
import type { licencesEn } from './licences.en';
import type { portfolioEn } from './portfolio.en';
import type { notificationsEn } from './notifications.en';
import type { materialsEn } from './materials.en';
import type { helpCenterEn } from './helpCenter.en';
import type { recruitmentEn } from './recruitment.en';
import type { privacyEn } from './privacy.en';
import type { securityEn } from './security.en';
import type { adminQueuesEn } from './adminQueues.en';

/**
 * The words of a screen area outside the first load (portfolio, materials, settings, …): its
 * English is registered when the area's chunk runs, so the login page and the dashboard carry only
 * their own words (issue 25 §1's JavaScript budget). The Filipino of every area is in `fil.ts`'s lazy
 * chunk, typed by `Catalogue`, which includes each area's English shape (`AreaWords` below).
 *
 * An area's file, `areas/<area>.en.ts`, exports its words and calls `addEnglish('<area>', words)`;
 * the area's components import that file (for the side effect) before calling `t('<area>.key')`.
 * Its Filipino, `areas/<area>.fil.ts`, exports `<area>Fil: Texts<typeof <area>En>` (a type import of
 * the English, so no English bytes in the Filipino chunk), listed in `fil.ts` as `<area>: <area>Fil`.
 */
export function addEnglish<A extends keyof AreaWords>(area: A, words: AreaWords[A]): void {
  i18n.addResourceBundle('en', 'translation', { [area]: words }, true, true);
}

/**
 * Every area's English shape: one line per area, `area: typeof areaEn` (a type import, no bytes).
 * Kept here, not in en.ts, so that adding an area does not touch the first load's catalogue.
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
