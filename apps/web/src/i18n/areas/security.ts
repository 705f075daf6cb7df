import { addEnglish } from '../add-english';
import { securityEn } from './security.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('security', securityEn);
