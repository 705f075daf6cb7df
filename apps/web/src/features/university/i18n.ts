import { addEnglish } from '../../i18n/add-english';
import { universityEn } from './i18n.en';

// The area's English, registered when the first module that needs it runs (see i18n/add-english.ts).
addEnglish('university', universityEn);
