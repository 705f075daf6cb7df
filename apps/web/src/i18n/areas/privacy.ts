import { addEnglish } from '../add-english';
import { privacyEn } from './privacy.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('privacy', privacyEn);
