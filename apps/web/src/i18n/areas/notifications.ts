import { addEnglish } from '../add-english';
import { notificationsEn } from './notifications.en';

// The area's English, registered when the first module that needs it runs (see ../add-english.ts).
addEnglish('notifications', notificationsEn);
