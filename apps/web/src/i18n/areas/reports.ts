import { addEnglish } from '../add-english';
import { reportsEn } from './reports.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('reports', reportsEn);
