import { addEnglish } from '../add-english';
import { licencesEn } from './licences.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('licences', licencesEn);
