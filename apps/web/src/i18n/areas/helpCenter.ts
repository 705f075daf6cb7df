import { addEnglish } from '../add-english';
import { helpCenterEn } from './helpCenter.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('helpCenter', helpCenterEn);
