// The card's words (the area's English) come with the query module.
import './i18n';
/**
 * What other features use of University: the dashboard's card. The query module only (see
 * features/commissions/index.ts).
 */
export { universityKeys, useCourses } from './api';
