import { addEnglish } from '../add-english';
import { recruitmentEn } from './recruitment.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('recruitment', recruitmentEn);
