import { addEnglish } from '../add-english';
import { commissionsEn } from './commissions.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('commissions', commissionsEn);
