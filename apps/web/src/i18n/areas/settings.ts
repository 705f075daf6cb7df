import { addEnglish } from '../add-english';
import { settingsEn } from './settings.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('settings', settingsEn);
