import { addEnglish } from '../add-english';
import { portfolioEn } from './portfolio.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('portfolio', portfolioEn);
