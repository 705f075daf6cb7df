import { addEnglish } from '../add-english';
import { materialsEn } from './materials.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('materials', materialsEn);
