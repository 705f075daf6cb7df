import { addEnglish } from '../add-english';
import { adminQueuesEn } from './adminQueues.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('adminQueues', adminQueuesEn);
