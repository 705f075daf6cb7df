import type { AreaWords } from './catalogue';
import { i18n } from './index';

/**
 * The words of a screen area outside the first load (portfolio, materials, settings, …): its
 * English is registered when the area's chunk runs, so the login page and the dashboard carry only
 * their own words (decision 014's JavaScript budget). The Filipino of every area is in `fil.ts`'s
 * lazy chunk, typed by `Catalogue` (catalogue.ts), which includes each area's English shape.
 *
 * An area's words live in its feature's folder, in three modules: `i18n.en.ts` exports its English
 * words and imports nothing of the app's catalogue; `i18n.fil.ts` exports `<area>Fil: Texts<typeof
 * <area>En>` (a type import of the English, so no English bytes in the Filipino chunk), listed in
 * `fil.ts` as `<area>: <area>Fil`; and `i18n.ts` calls `addEnglish('<area>', <area>En)`, which the
 * feature's components import (for the side effect) before calling `t('<area>.key')`. (Settings has
 * a second area, `security`, in `security-i18n*.ts`.) The words' modules import nothing of this one
 * nor of catalogue.ts, so the imports between the areas and the catalogue go one way only.
 */
export function addEnglish<A extends keyof AreaWords>(area: A, words: AreaWords[A]): void {
  i18n.addResourceBundle('en', 'translation', { [area]: words }, true, true);
}
